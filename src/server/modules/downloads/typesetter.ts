import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * HTML set in type by mupdf's HTML engine, for the stamp line and the receipts
 *: HarfBuzz joins Arabic letters, the Unicode bidi algorithm puts a right-to-left name
 * the right way round inside a French or English sentence, and a letter the first font lacks is
 * taken from the next one that has it. Only the glyphs used are embedded. pdf-lib alone can do none
 * of this: it maps characters to glyphs one by one, left to right.
 *
 * mupdf is synchronous WASM, so it runs in one worker thread kept for a while after its last use:
 * the event loop never waits on it, and a render that does not end is stopped.
 */

export interface TypesetPdf {
  /** The PDF: one page cropped to the text for a line, or the document's pages. */
  pdf: Uint8Array;
  /** The first page's size, in points. */
  width: number;
  height: number;
}

/** How the HTML is laid out: one unwrapped line cropped to its box, or pages of a given size. */
export type TypesetLayout =
  | { kind: 'line'; fontSize: number }
  | { kind: 'pages'; width: number; height: number; fontSize: number };

export class StampRenderError extends Error {}

/** The fonts, all Noto (SIL Open Font License), each from its npm package. */
const FONT_FILES = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  latinBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  arabic: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  hebrew: '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
  tifinagh: '@expo-google-fonts/noto-sans-tifinagh/400Regular/NotoSansTifinagh_400Regular.ttf',
  thai: '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
  ethiopic: '@expo-google-fonts/noto-sans-ethiopic/400Regular/NotoSansEthiopic_400Regular.ttf',
  armenian: '@expo-google-fonts/noto-sans-armenian/400Regular/NotoSansArmenian_400Regular.ttf',
  georgian: '@expo-google-fonts/noto-sans-georgian/400Regular/NotoSansGeorgian_400Regular.ttf',
} as const;

/**
 * The script names mupdf asks a fallback font for, and the font that answers. Latin, Greek,
 * Cyrillic and Vietnamese are in Noto Sans itself; Chinese, Japanese, Korean and Devanagari come
 * from the fonts built into mupdf. Anything else (emoji among them) is drawn as an empty box.
 */
const SCRIPT_FONTS: Record<string, keyof typeof FONT_FILES> = {
  Arabic: 'arabic',
  Hebrew: 'hebrew',
  Tifinagh: 'tifinagh',
  Thai: 'thai',
  Ethiopic: 'ethiopic',
  Armenian: 'armenian',
  Georgian: 'georgian',
};

/** The font family the HTML asks for; the loader answers it with Noto Sans (bold when asked). */
export const SHOP_FONT_FAMILY = 'StampSans';
const RENDER_TIMEOUT_MS = 10_000;
/** The worker, and the fonts it has loaded, go after this long without a line to set. */
const IDLE_MS = 30_000;

// Plain JavaScript, run with eval: the server is bundled, so a worker file beside it would need its
// own build step (as pdf-to-image.ts). It imports mupdf by the absolute URL the main thread resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
(async () => {
  const mupdf = await import(workerData.mupdfUrl);
  const loaded = new Map();
  const font = (key) => {
    if (!loaded.has(key)) loaded.set(key, new mupdf.Font(key, readFileSync(workerData.fontPaths[key])));
    return loaded.get(key);
  };
  mupdf.installLoadFontFunction((name, script, bold) => {
    if (name === workerData.family) return font(bold ? 'latinBold' : 'latin');
    const key = workerData.scriptFonts[script];
    return key ? font(key) : null;
  });
  // One unwrapped line: the page is cropped to the text's box.
  const runLine = (document, own, writer) => {
    const page = own(document.loadPage(0));
    const { blocks } = JSON.parse(own(page.toStructuredText('preserve-whitespace')).asJSON());
    const boxes = blocks.flatMap((block) => block.lines.map((line) => line.bbox));
    if (boxes.length === 0) throw new Error('nothing to set');
    const x0 = Math.min(...boxes.map((b) => b.x));
    const y0 = Math.min(...boxes.map((b) => b.y));
    const width = Math.max(...boxes.map((b) => b.x + b.w)) - x0;
    const height = Math.max(...boxes.map((b) => b.y + b.h)) - y0;
    const device = writer.beginPage([0, 0, width, height]);
    page.run(device, mupdf.Matrix.translate(-x0, -y0));
    writer.endPage();
    return { width, height };
  };
  const runPages = (document, own, writer, layout) => {
    for (let i = 0; i < document.countPages(); i++) {
      const page = own(document.loadPage(i));
      const device = writer.beginPage(page.getBounds());
      page.run(device, mupdf.Matrix.identity);
      writer.endPage();
    }
    return { width: layout.width, height: layout.height };
  };
  parentPort.on('message', ({ id, html, layout }) => {
    const owned = [];
    const own = (thing) => (owned.push(thing), thing);
    try {
      const document = own(mupdf.Document.openDocument(new TextEncoder().encode(html), 'text/html'));
      const line = layout.kind === 'line';
      document.layout(line ? 20000 : layout.width, line ? 200 : layout.height, layout.fontSize);
      const buffer = own(new mupdf.Buffer());
      const writer = own(new mupdf.DocumentWriter(buffer, 'pdf', ''));
      const { width, height } = (line ? runLine : runPages)(document, own, writer, layout);
      writer.close();
      // The writer embeds whole fonts (4 MB for the built-in CJK one): keep only the glyphs used.
      // Reopened from mupdf's own buffer: a copy of its bytes (asUint8Array, a view of the WASM
      // heap) would be read after the copy's allocation grew the heap and detached the view.
      const pdf = own(own(mupdf.Document.openDocument(buffer, 'application/pdf')).asPDF());
      pdf.subsetFonts();
      // Pages (a receipt, downloaded on mobile data) also pack their objects into compressed object
      // streams: the fonts' width tables alone are a third of the file otherwise. The stamp line is
      // copied object by object into each guide by pdf-lib, so it stays plain.
      const options = line ? 'compress,garbage' : 'compress,garbage,objstms';
      const bytes = new Uint8Array(own(pdf.saveToBuffer(options)).asUint8Array());
      parentPort.postMessage({ id, pdf: bytes, width, height }, [bytes.buffer]);
    } catch (error) {
      parentPort.postMessage({ id, error: String(error && error.message || error) });
    } finally {
      for (const thing of owned.reverse()) thing.destroy?.();
    }
  });
})();
`;

interface Pending {
  resolve(result: TypesetPdf): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();
let idleTimer: NodeJS.Timeout | undefined;
let workerData: object | undefined;

function resolveWorkerData(): object {
  if (workerData) return workerData;
  const require = createRequire(import.meta.url);
  workerData = {
    mupdfUrl: pathToFileURL(require.resolve('mupdf')).href,
    fontPaths: Object.fromEntries(
      Object.entries(FONT_FILES).map(([key, file]) => [key, require.resolve(file)]),
    ),
    scriptFonts: SCRIPT_FONTS,
    family: SHOP_FONT_FAMILY,
  };
  return workerData;
}

/** Ends the worker and fails whatever it still had to do; the next render starts a new one. */
export function stopWorker(reason: string): void {
  const stopping = worker;
  worker = undefined;
  clearTimeout(idleTimer);
  for (const [id, job] of pending) {
    clearTimeout(job.timer);
    job.reject(new StampRenderError(reason));
    pending.delete(id);
  }
  void stopping?.terminate();
}

function startWorker(): Worker {
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: resolveWorkerData(),
    // mupdf prints a warning for every font it has to look for; none of it is actionable.
    stdout: true,
    stderr: true,
  });
  started.stdout.resume();
  started.stderr.resume();
  started.on('message', (answer: { id: number; error?: string } & Partial<TypesetPdf>) => {
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    clearTimeout(job.timer);
    if (answer.error !== undefined || !answer.pdf) {
      job.reject(new StampRenderError(answer.error ?? 'no PDF'));
    } else {
      job.resolve({ pdf: answer.pdf, width: answer.width ?? 0, height: answer.height ?? 0 });
    }
    settleIdle();
  });
  started.on('error', (error) => {
    if (worker === started) stopWorker(`the typesetting worker failed: ${error.message}`);
  });
  started.on('exit', (code) => {
    if (worker === started) stopWorker(`the typesetting worker exited with ${code}`);
  });
  return started;
}

/** An idle worker does not keep the process alive, and goes after IDLE_MS. */
function settleIdle(): void {
  clearTimeout(idleTimer);
  if (!worker) return;
  if (pending.size > 0) {
    worker.ref();
    return;
  }
  worker.unref();
  idleTimer = setTimeout(() => stopWorker('idle'), IDLE_MS).unref();
}

/** How many documents are waiting for (or being set by) the worker. */
export const typesettingQueue = (): number => pending.size;

/** The HTML set in type as a PDF; StampRenderError if mupdf cannot set it in time. */
export function typeset(html: string, layout: TypesetLayout): Promise<TypesetPdf> {
  worker ??= startWorker();
  const id = nextId++;
  const running = worker;
  return new Promise<TypesetPdf>((resolve, reject) => {
    const timer = setTimeout(() => {
      if (worker === running) stopWorker(`typesetting took longer than ${RENDER_TIMEOUT_MS} ms`);
    }, RENDER_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    settleIdle();
    running.postMessage({ id, html, layout });
  });
}
