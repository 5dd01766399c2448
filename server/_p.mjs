import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { readBarcodes, prepareZXingModule } from 'zxing-wasm/reader';
import { scanGrayBuffer, getDefaultScanner, ZBarSymbolType, ZBarConfigType } from '@undecaf/zbar-wasm';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
prepareZXingModule({ overrides: { wasmBinary: await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) } });
const root = '/work/shared/datasets/barcode-photos/';
const rows = (await readFile(root + 'manifest.csv', 'utf8')).trim().split('\n').slice(1).map(l => l.split(','));
const formats = ['EAN13','EAN8','UPCA','UPCE'];
const norm = (s) => s.length === 12 ? '0' + s : s;
function expandUpcE(upce){const ns=upce[0],d=upce.slice(1,7),c=upce[7],l=d[5];let b;if(l<='2')b=d[0]+d[1]+l+'0000'+d[2]+d[3]+d[4];else if(l==='3')b=d[0]+d[1]+d[2]+'00000'+d[3]+d[4];else if(l==='4')b=d[0]+d[1]+d[2]+d[3]+'00000'+d[4];else b=d[0]+d[1]+d[2]+d[3]+d[4]+'0000'+l;return '0'+ns+b+c;}
const zb = (syms) => syms.filter(s=>[8,9,12,13,14].includes(s.type)).map(s => { const t = s.decode(); if (s.type===9) return expandUpcE(t); return norm(t); });
const zx = (rs) => rs.map(r => r.text);
async function grey(buf, rotate=0, scale=1) {
  let img = sharp(buf).rotate().greyscale();
  const m = await sharp(buf).metadata();
  if (scale !== 1) img = img.resize({ width: Math.round(m.width*scale), kernel: 'lanczos3' });
  else if (m.width > 1200) img = img.resize({ width: 1200 });
  if (rotate) { img = sharp(await img.png().toBuffer()).rotate(rotate, { background: '#ffffff' }); }
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  let g = data; if (info.channels !== 1) { g = Buffer.alloc(info.width*info.height); for (let i=0;i<g.length;i++) g[i]=data[i*info.channels]; }
  return { g, w: info.width, h: info.height };
}
function rgba(g){ const o = new Uint8ClampedArray(g.length*4); for (let i=0;i<g.length;i++){o[i*4]=o[i*4+1]=o[i*4+2]=g[i];o[i*4+3]=255;} return o;}
const passes = {
  plain: async (f) => zx(await readBarcodes(f, { formats })),
  zxg: async (f) => { const {g,w,h}=await grey(f); return zx(await readBarcodes({data:rgba(g),width:w,height:h}, { formats })); },
  zxg_fast: async (f) => { const {g,w,h}=await grey(f); return zx(await readBarcodes({data:rgba(g),width:w,height:h}, { formats, tryHarder:false })); },
  zbar: async (f) => { const {g,w,h}=await grey(f); return zb(await scanGrayBuffer(g.buffer.slice(g.byteOffset,g.byteOffset+g.length), w, h)); },
  zbar2x: async (f) => { const {g,w,h}=await grey(f,0,2); return zb(await scanGrayBuffer(g.buffer.slice(g.byteOffset,g.byteOffset+g.length), w, h)); },
  zx45: async (f) => { const {g,w,h}=await grey(f,45); return zx(await readBarcodes({data:rgba(g),width:w,height:h}, { formats })); },
  zxm45: async (f) => { const {g,w,h}=await grey(f,-45); return zx(await readBarcodes({data:rgba(g),width:w,height:h}, { formats })); },
  zb45: async (f) => { const {g,w,h}=await grey(f,45); return zb(await scanGrayBuffer(g.buffer.slice(g.byteOffset,g.byteOffset+g.length), w, h)); },
  zbm45: async (f) => { const {g,w,h}=await grey(f,-45); return zb(await scanGrayBuffer(g.buffer.slice(g.byteOffset,g.byteOffset+g.length), w, h)); },
  zx2x: async (f) => { const {g,w,h}=await grey(f,0,2); return zx(await readBarcodes({data:rgba(g),width:w,height:h}, { formats })); },
};
const res = {};
for (const [file, sym, exp] of rows) {
  const f = await readFile(root + file);
  res[file] = { exp };
  for (const [n, p] of Object.entries(passes)) {
    const t = performance.now(); let out; try { out = await p(f); } catch (e) { out = ['ERR'+e.message]; }
    res[file][n] = { out, ms: performance.now() - t };
  }
}
await (await import('node:fs/promises')).writeFile('/tmp/proto/res.json', JSON.stringify(res));
for (const n of Object.keys(passes)) {
  const ok = rows.filter(([f]) => res[f][n].out.includes(res[f].exp)).length;
  const wrong = rows.filter(([f]) => res[f][n].out.length && !res[f][n].out.includes(res[f].exp)).length;
  const ms = rows.map(([f]) => res[f][n].ms).sort((a,b)=>a-b);
  console.log(n, ok, wrong, ms[135].toFixed(1), ms[256].toFixed(1));
}
