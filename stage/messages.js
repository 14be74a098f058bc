// The stage's message schema, page side: messages.schema.json compiled into a validator.
// app/stage/messages.py reads the same file with the same rules; tests/stage checks that both ends agree.
// Only the JSON Schema keywords listed in KEYWORDS are understood; compile() refuses any other, so the two
// validators can never silently disagree about what the schema says.

export const KEYWORDS = new Set([
  "description", "x-direction", "type", "properties", "required", "additionalProperties", "const", "enum",
  "minimum", "maximum", "minLength", "maxLength", "pattern", "items", "maxItems",
]);

function typeOk(kind, value) {
  switch (kind) {
    case "object": return value !== null && typeof value === "object" && !Array.isArray(value);
    case "array": return Array.isArray(value);
    case "string": return typeof value === "string";
    case "boolean": return typeof value === "boolean";
    case "number": return typeof value === "number" && Number.isFinite(value);
    case "integer": return typeof value === "number" && Number.isInteger(value);
    default: throw new Error(`unknown type ${kind}`);
  }
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function checkKeywords(node, where) {
  for (const key of Object.keys(node)) {
    if (!KEYWORDS.has(key)) throw new Error(`${where}: the schema keyword ${key} is not supported`);
  }
  for (const [name, sub] of Object.entries(node.properties || {})) checkKeywords(sub, `${where}.${name}`);
  if (node.items) checkKeywords(node.items, `${where}[]`);
}

// The first problem with value against node, as a sentence, or null when it is valid.
export function check(node, value, where) {
  if (node.type !== undefined && !typeOk(node.type, value)) return `${where} must be of type ${node.type}`;
  if (node.const !== undefined && !same(node.const, value)) {
    return `${where} must be ${JSON.stringify(node.const)}`;
  }
  if (node.enum !== undefined && !node.enum.some((option) => same(option, value))) {
    return `${where} must be one of ${node.enum.map((o) => JSON.stringify(o)).join(", ")}`;
  }
  if (typeof value === "number") {
    if (node.minimum !== undefined && value < node.minimum) return `${where} must be >= ${node.minimum}`;
    if (node.maximum !== undefined && value > node.maximum) return `${where} must be <= ${node.maximum}`;
  }
  if (typeof value === "string") {
    const length = [...value].length;  // code points, as JSON Schema counts
    if (node.minLength !== undefined && length < node.minLength) {
      return `${where} is shorter than ${node.minLength}`;
    }
    if (node.maxLength !== undefined && length > node.maxLength) {
      return `${where} is longer than ${node.maxLength}`;
    }
    if (node.pattern !== undefined && !new RegExp(node.pattern, "u").test(value)) {
      return `${where} does not match ${node.pattern}`;
    }
  }
  if (Array.isArray(value)) {
    if (node.maxItems !== undefined && value.length > node.maxItems) {
      return `${where} has more than ${node.maxItems} items`;
    }
    if (node.items) {
      for (let i = 0; i < value.length; i++) {
        const problem = check(node.items, value[i], `${where}[${i}]`);
        if (problem) return problem;
      }
    }
  }
  if (typeOk("object", value)) {
    for (const name of node.required || []) {
      if (!(name in value)) return `${where}.${name} is missing`;
    }
    for (const [name, item] of Object.entries(value)) {
      const sub = (node.properties || {})[name];
      if (sub === undefined) {
        if (node.additionalProperties === false) return `${where}.${name} is not allowed`;
        continue;
      }
      const problem = check(sub, item, `${where}.${name}`);
      if (problem) return problem;
    }
  }
  return null;
}

// compile(schema) -> {version, types, direction(type), validate(message, direction?)}.
// validate returns null for a valid message, else the sentence saying what is wrong.
export function compile(schema) {
  const defs = {};
  for (const ref of schema.oneOf) {
    const name = ref.$ref.replace("#/$defs/", "");
    const def = schema.$defs[name];
    if (!def) throw new Error(`the schema refers to a missing definition ${name}`);
    checkKeywords(def, name);
    if (def.properties.type.const !== name) {
      throw new Error(`${name}: its type must be the constant "${name}"`);
    }
    defs[name] = def;
  }
  return {
    version: schema["x-version"],
    types: Object.keys(defs),
    direction: (type) => (defs[type] ? defs[type]["x-direction"] : undefined),
    validate(message, direction) {
      if (!typeOk("object", message)) return "a message must be an object";
      if (!("type" in message)) return "the message has no type";
      const known = typeof message.type === "string" && Object.hasOwn(defs, message.type);
      const def = known ? defs[message.type] : null;
      if (!def) return `unknown message type ${JSON.stringify(message.type)}`;
      if (direction && def["x-direction"] !== direction) return `${message.type} is never sent ${direction}`;
      return check(def, message, message.type);
    },
  };
}

// The schema beside this module, fetched and compiled (the browser side).
export async function load(url = new URL("./messages.schema.json", import.meta.url)) {
  const response = await fetch(url, {cache: "no-store"});
  if (!response.ok) throw new Error(`could not read the message schema (${response.status})`);
  return compile(await response.json());
}
