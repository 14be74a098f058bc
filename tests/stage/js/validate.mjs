// Runs stage/messages.js over samples: node validate.mjs <schema.json> <samples.json>
// Prints one JSON array: for each sample, null (valid) or the problem sentence.
import { readFileSync } from "node:fs";
import { compile } from "../../../stage/messages.js";

const [schemaPath, samplesPath] = process.argv.slice(2);
const validator = compile(JSON.parse(readFileSync(schemaPath, "utf8")));
const samples = JSON.parse(readFileSync(samplesPath, "utf8"));
console.log(JSON.stringify({
  version: validator.version,
  types: validator.types,
  results: samples.map((s) => validator.validate(s.message, s.direction)),
}));
