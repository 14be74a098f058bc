"""Writes names_dev.txt and names_heldout.txt: ordinary sentences around real names that hold a listed string.

Run once, by hand, with the two packages that ship the names installed beside the project (they are not its
dependencies): `pip install --target /tmp/names_pkgs python-codicefiscale==0.12.1 faker==40.63.0`, then
`python tests/bench/data/on_air_context/make_names.py /tmp/names_pkgs <LDNOOBW snapshot>`.
- Italian comuni: python-codicefiscale's municipalities.json (ISTAT's list, the active ones; MIT).
- Italian and English first names and surnames: Faker's it_IT, en_GB and en_US person providers (MIT).
A name is kept when, folded, it holds any word of LDNOOBW's `en` or `it` list of three letters or more, or a
stem the on-air filter had when these files were written. The sentence frames are written for each kind of name
(a town, a surname, a first name), in both languages, and picked for each name by a hash of it. Each line goes to
the development or the held-out file by a SHA-256 of its text, so the two never share a line.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
STEMS = ("fuck", "motherfuck", "bullshit", "cazz", "stronz", "vaffancul", "puttan", "coglion", "sborr", "nigger",
         "faggot")
FRAMES = {
    "town": [
        "Domani passo da {n}, c'è la sagra del paese.",
        "Sono nata a {n}, in provincia, e ci torno ogni estate.",
        "Il treno per {n} è in ritardo di dieci minuti.",
        "{n} è un paese piccolo ma la piazza è bellissima.",
        "My grandmother grew up in {n}, up in the hills.",
        "We stopped in {n} for lunch on the way south.",
        "Chi di voi è di {n}? Salutatemi il sindaco.",
        "{n} has the best gelato I have ever had.",
    ],
    "surname": [
        "Il professor {n} ha spostato l'esame a giovedì.",
        "Ho parlato con la signora {n} ieri sera.",
        "Mr {n} from accounting says hi to chat.",
        "Thanks to Dr {n} for the lovely message!",
        "{n} ha segnato al novantesimo, incredibile.",
        "The {n} family runs the bakery on the corner.",
    ],
    "first": [
        "{n} ha vinto la partita di ieri sera.",
        "Happy birthday {n}, have a great day!",
        "Ciao {n}, bentornata in chat!",
        "{n} just raided us with forty people, thank you!",
    ],
}


def fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def main(pkgs: str, ldnoobw: str) -> None:
    sys.path.insert(0, pkgs)
    from faker.providers.person.en_GB import Provider as GB
    from faker.providers.person.en_US import Provider as US
    from faker.providers.person.it_IT import Provider as IT
    listed = set(STEMS)
    for lang in ("en", "it"):
        text = subprocess.run(["git", "-C", ldnoobw, "show", f"HEAD:{lang}"], capture_output=True, text=True,
                              check=True).stdout
        listed |= {w for w in map(fold, map(str.strip, text.splitlines())) if len(w) >= 3 and w.isalpha()}
    municipalities = json.loads((Path(pkgs) / "codicefiscale/data/municipalities.json").read_text("utf-8"))
    kinds = {
        "town": {m["name"] for m in municipalities if m.get("active")},
        "surname": set(IT.last_names) | set(GB.last_names) | set(US.last_names),
        "first": set(IT.first_names) | set(US.first_names),
    }
    out = {"dev": [], "heldout": []}
    for kind, names in kinds.items():
        for name in sorted(names):
            plain = re.sub(r"[^a-z]", "", fold(name))
            if not any(w in plain for w in listed):
                continue
            frames = FRAMES[kind]
            frame = frames[int(hashlib.sha256(name.encode()).hexdigest(), 16) % len(frames)]
            line = frame.format(n=name)
            half = "heldout" if int(hashlib.sha256(line.encode()).hexdigest(), 16) % 2 else "dev"
            out[half].append(line)
    for half, lines in out.items():
        (HERE / f"names_{half}.txt").write_text("\n".join(lines) + "\n", "utf-8")
        print(half, len(lines))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
