// Is this Node new enough for the project? The minimum is the one package.json's `engines.node` names
// (`>=X.Y.Z`), so the README, npm's own warning and CI all follow one number. Plain JavaScript with no
// dependency: CI runs it before `npm ci`, with whatever Node the machine has.
//
//   node .ci/check-node.mjs [--version vX.Y.Z] [--package <package.json>]
//       exit 0 when the version (default: this Node's) meets the minimum, 1 when it is older,
//       2 when the minimum cannot be read; one line on stdout says which
//   node .ci/check-node.mjs --minimum [--package <package.json>]
//       prints the minimum (X.Y.Z)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const DEFAULT_PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..', 'package.json');

/** `X.Y.Z` (an optional leading `v`) as three numbers; undefined for anything else. */
function parseVersion(text) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(String(text).trim());
  return match === null ? undefined : [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The minimum an `engines.node` of the form `>=X.Y.Z` names; undefined for any other form. */
function minimumOf(engines) {
  const match = /^>=\s*(v?\d+\.\d+\.\d+)$/.exec(String(engines ?? '').trim());
  return match === null ? undefined : parseVersion(match[1]);
}

/** True when `version` is `minimum` or newer (both as three numbers). */
function meets(version, minimum) {
  for (let i = 0; i < 3; i += 1) {
    if (version[i] !== minimum[i]) return version[i] > minimum[i];
  }
  return true;
}

function main(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        version: { type: 'string', default: process.version },
        package: { type: 'string', default: DEFAULT_PACKAGE },
        minimum: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.log(`check-node: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  let engines;
  try {
    engines = JSON.parse(readFileSync(values.package, 'utf8')).engines?.node;
  } catch (error) {
    console.log(
      `check-node: cannot read ${values.package}: ${error instanceof Error ? error.message : error}`,
    );
    return 2;
  }
  const minimum = minimumOf(engines);
  if (minimum === undefined) {
    console.log(
      `check-node: ${values.package} must name the minimum Node as "engines": { "node": ">=X.Y.Z" }, found ${JSON.stringify(engines ?? null)}`,
    );
    return 2;
  }
  const wanted = minimum.join('.');
  if (values.minimum) {
    console.log(wanted);
    return 0;
  }
  const version = parseVersion(values.version);
  if (version === undefined) {
    console.log(`check-node: --version must look like v22.12.0, got '${values.version}'`);
    return 2;
  }
  const shown = `v${version.join('.')}`;
  if (meets(version, minimum)) {
    console.log(`node ${shown} meets the minimum ${wanted} (package.json engines)`);
    return 0;
  }
  console.log(`node ${shown} is older than the minimum ${wanted} that package.json's engines name`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
