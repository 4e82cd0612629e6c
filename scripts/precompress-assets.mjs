// After `react-router build`: writes a brotli (.br) and a gzip (.gz) copy beside each script, style
// sheet and SVG of build/client/assets, at the highest settings, for server/index.js to send as they
// are (express-static-gzip). Their names are hashed, so each is compressed once here instead of on
// every first visit: compressed per request they cost some 50 ms of CPU for one page's 38 files
// under load (bench/RESULTS.md, "Files compressed once, at build time").
//   node scripts/precompress-assets.mjs [build directory]
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** As `compression` in server/index.js: smaller files are sent as they are. */
const MIN_BYTES = 1024;

const assets = join(process.argv[2] ?? process.env.BUILD_DIR ?? "build", "client", "assets");
const names = (await readdir(assets)).filter((name) => /\.(?:js|css|svg)$/.test(name));
const started = performance.now();
let files = 0;
let raw = 0;
let brotli = 0;
await Promise.all(
  names.map(async (name) => {
    const path = join(assets, name);
    const content = await readFile(path);
    if (content.byteLength < MIN_BYTES) return;
    const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength };
    const [br, gz] = await Promise.all([brotliAsync(content, { params }), gzipAsync(content, { level: constants.Z_BEST_COMPRESSION })]);
    await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
    files++;
    raw += content.byteLength;
    brotli += br.byteLength;
  }),
);
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`Precompressed ${files} files of ${assets}: ${kb(raw)} -> ${kb(brotli)} brotli, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
