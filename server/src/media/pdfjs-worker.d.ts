// pdfjs-dist ships no types for its worker bundle; we import it only for its side effect (see pdf-document.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';
