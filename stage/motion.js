// How she moves when nothing drives her: blinking, breathing and a little sway, mouth smoothing and camera
// framing. Plain functions of time and numbers, no three.js, so they can be tested outside a browser.

export const VISEMES = ["aa", "ih", "ou", "ee", "oh"];

// Move current toward target: at most a 1/e step every `tau` seconds (frame-rate independent).
export function approach(current, target, dt, tau) {
  if (tau <= 0) return target;
  return target + (current - target) * Math.exp(-dt / tau);
}

// Mouth opening follows speech energy quickly and closes a little slower, as a real mouth does.
export function smoothMouth(current, target, dt) {
  return approach(current, target, dt, target > current ? 0.03 : 0.08);
}

// Blinks every 2 to 6 seconds, sometimes twice; update(dt) returns the blink weight 0..1.
export class Blinker {
  constructor(random = Math.random) {
    this.random = random;
    this.wait = 1 + 3 * random();
    this.phase = -1;       // -1: eyes open, waiting; else seconds into a blink
    this.double = false;
  }

  static weight(phase) {   // 70 ms closing, 40 ms closed, 110 ms opening
    if (phase < 0.07) return phase / 0.07;
    if (phase < 0.11) return 1;
    if (phase < 0.22) return 1 - (phase - 0.11) / 0.11;
    return 0;
  }

  update(dt) {
    if (this.phase < 0) {
      this.wait -= dt;
      if (this.wait > 0) return 0;
      this.phase = 0;
    } else {
      this.phase += dt;
    }
    if (this.phase >= 0.22) {
      this.phase = -1;
      this.double = !this.double && this.random() < 0.2;
      this.wait = this.double ? 0.12 : 2 + 4 * this.random();
      return 0;
    }
    return Blinker.weight(this.phase);
  }
}

// Rotations (radians) for the normalized humanoid bones at time t: breathing, a slow sway, arms down.
export function idlePose(t, energy = 1) {
  const breath = Math.sin(t * 2 * Math.PI * 0.22);
  const sway = Math.sin(t * 2 * Math.PI * 0.07) + 0.4 * Math.sin(t * 2 * Math.PI * 0.173 + 1.3);
  return {
    spine: { x: 0.012 * breath * energy, y: 0, z: 0.01 * sway * energy },
    chest: { x: 0.018 * breath * energy, y: 0.012 * sway * energy, z: 0 },
    neck: { x: 0, y: 0.02 * sway * energy, z: 0 },
    head: { x: 0.03 * Math.sin(t * 2 * Math.PI * 0.11) * energy, y: 0.05 * sway * energy,
            z: 0.025 * Math.sin(t * 2 * Math.PI * 0.09 + 0.7) * energy },
    leftUpperArm: { x: 0, y: 0, z: -1.2 + 0.02 * breath },
    rightUpperArm: { x: 0, y: 0, z: 1.2 - 0.02 * breath },
    leftLowerArm: { x: 0, y: 0, z: -0.15 },
    rightLowerArm: { x: 0, y: 0, z: 0.15 },
  };
}

// Where the camera goes for a framing preset. b: heights (metres) of the model's top, head, neck, chest,
// hips and feet; fov in degrees; aspect = width / height. Returns the height to look at and the distance.
export function frame(preset, b, fov, aspect) {
  const spans = {
    full: [b.bottom - 0.05, b.top + 0.08],
    upper: [b.hips - 0.02, b.top + 0.06],
    face: [b.neck - 0.06, b.top + 0.04],
  };
  const [low, high] = spans[preset] || spans.upper;
  const height = Math.max(high - low, 0.1);
  const half = (fov * Math.PI) / 360;
  const byHeight = height / 2 / Math.tan(half);
  const byWidth = (height * 0.75) / 2 / (Math.tan(half) * Math.max(aspect, 0.1));
  return { y: (low + high) / 2, distance: Math.max(byHeight, byWidth) * 1.05 };
}
