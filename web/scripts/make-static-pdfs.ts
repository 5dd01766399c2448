/**
 * Writes the static PDFs the app links to (web/public/static): the submission schedule,
 * the FAQs and the image requirements. Run: node --import tsx web/scripts/make-static-pdfs.ts
 * The output is committed; rerun after changing the text here.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { MAX_FILE_BYTES, MAX_FILES_PER_SELECTION, SUPPORT_EMAIL } from '@portal/domain';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'static');
const PAGE = { width: 612, height: 792, margin: 56 };
const GREEN = rgb(0.118, 0.478, 0.247);
// A fixed date keeps the files byte-identical from run to run.
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'table'; columns: string[]; widths: number[]; rows: string[][] };

/** Lays blocks out top to bottom, starting new pages as needed. */
class Writer {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  private ensure(height: number) {
    if (this.y - height < PAGE.margin) this.newPage();
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  }

  private lines(text: string, font: PDFFont, size: number, x: number, width: number, color = rgb(0, 0, 0)) {
    for (const line of this.wrap(text, font, size, width)) {
      this.ensure(size * 1.4);
      this.page.drawText(line, { x, y: this.y - size, size, font, color });
      this.y -= size * 1.4;
    }
  }

  write(block: Block) {
    const width = PAGE.width - 2 * PAGE.margin;
    switch (block.kind) {
      case 'title':
        this.lines(block.text, this.bold, 22, PAGE.margin, width, GREEN);
        this.y -= 10;
        break;
      case 'heading':
        this.y -= 8;
        this.ensure(40);
        this.lines(block.text, this.bold, 14, PAGE.margin, width);
        this.y -= 2;
        break;
      case 'paragraph':
        this.lines(block.text, this.regular, 11, PAGE.margin, width);
        this.y -= 6;
        break;
      case 'bullets':
        for (const item of block.items) {
          this.ensure(16);
          this.page.drawText('•', { x: PAGE.margin + 4, y: this.y - 11, size: 11, font: this.regular });
          this.lines(item, this.regular, 11, PAGE.margin + 18, width - 18);
        }
        this.y -= 6;
        break;
      case 'table':
        this.table(block.columns, block.widths, block.rows);
        break;
    }
  }

  private table(columns: string[], widths: number[], rows: string[][]) {
    const rowHeight = 20;
    const drawRow = (cells: string[], font: PDFFont, shaded: boolean) => {
      this.ensure(rowHeight);
      const total = widths.reduce((a, b) => a + b, 0);
      if (shaded) {
        this.page.drawRectangle({
          x: PAGE.margin,
          y: this.y - rowHeight,
          width: total,
          height: rowHeight,
          color: rgb(0.92, 0.96, 0.93),
        });
      }
      let x = PAGE.margin;
      cells.forEach((cell, i) => {
        this.page.drawText(cell, { x: x + 4, y: this.y - 14, size: 10, font });
        x += widths[i];
      });
      this.page.drawLine({
        start: { x: PAGE.margin, y: this.y - rowHeight },
        end: { x: PAGE.margin + total, y: this.y - rowHeight },
        thickness: 0.5,
        color: rgb(0.7, 0.7, 0.7),
      });
      this.y -= rowHeight;
    };
    drawRow(columns, this.bold, true);
    rows.forEach((row) => drawRow(row, this.regular, false));
    this.y -= 10;
  }
}

async function makePdf(title: string, blocks: Block[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor('Product Hub');
  doc.setLanguage('en');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const writer = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  for (const block of blocks) writer.write(block);
  return doc.save({ useObjectStreams: false });
}

const CATEGORIES = [
  'Food & Beverage - Snacks & Candy',
  'Food & Beverage - Beverage',
  'Food & Beverage - Frozen Foods',
  'Body Care',
  'Vitamins & Supplements',
  'Food & Beverage - Dairy & Non Dairy',
  'Food & Beverage - Ingredients & Pantry',
  'Pet',
  'Food & Beverage - Bread & Baked Goods',
  'General Merchandise',
  'Medicine & Personal Health',
  'Food & Beverage - Meat & Meat Alternatives',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const schedule: Block[] = [
  { kind: 'title', text: 'Submission Schedule 2026' },
  {
    kind: 'paragraph',
    text:
      'Each category is reviewed once or twice a year. Submit your products in Product Hub before the ' +
      'submission deadline of the review you are aiming for; products submitted later join the next review.',
  },
  {
    kind: 'table',
    columns: ['Category', 'Submission deadline', 'Category review'],
    widths: [250, 125, 125],
    rows: CATEGORIES.map((category, i) => [
      category,
      `${MONTHS[i]} 15, 2026`,
      `${MONTHS[(i + 1) % 12]} ${i === 11 ? '2027' : '2026'}`,
    ]),
  },
  { kind: 'heading', text: 'Good to know' },
  {
    kind: 'bullets',
    items: [
      'Deadlines close at 11:59 pm Eastern Time.',
      'Complete submissions (images of all package sides, UPC and product name) are reviewed first.',
      'You can follow the status of every submission on the Submission Activity page.',
      `Questions about the schedule: ${SUPPORT_EMAIL}`,
    ],
  },
];

const faqs: Block[] = [
  { kind: 'title', text: 'Product Hub: Frequently Asked Questions' },
  ...(
    [
      [
        'What is Product Hub?',
        'Product Hub is where suppliers and brands send product images and information (UPC, product name) ' +
          'for cataloguing, and follow the review of what they sent.',
      ],
      [
        'How do I submit a product?',
        'Log in, choose Add New, upload images or PDFs of your product, enter the UPC and product name for ' +
          'each file, then Submit. You can also save a draft and finish it later.',
      ],
      [
        'Which files can I upload?',
        `PDF, JPG, PNG, GIF and TIF files, up to ${MAX_FILES_PER_SELECTION} files at a time and ` +
          `${MAX_FILE_BYTES / 1024 / 1024} MB each. See the image requirements for what the images must show.`,
      ],
      [
        'Why was my submission rejected?',
        'The detail page of a rejected submission gives the reason. The most common one is a barcode in the ' +
          'images that does not match the UPC entered. Correct the UPC or the images and resubmit; if you think ' +
          'an automatic rejection is wrong, request validation and our staff will look at it.',
      ],
      [
        'How long does a review take?',
        'Automated checks run within minutes. Staff review follows the submission schedule of your category.',
      ],
      [
        'What does Catalogued mean?',
        'A catalogued product carries certified values (description, brand, category, size) from our data ' +
          'team. You can still add images to it from the Catalog page.',
      ],
      [
        'I forgot my password.',
        'Use "Forgot your password?" on the login page; we e-mail you a link to choose a new one. If nothing ' +
          `arrives within 30 minutes, contact ${SUPPORT_EMAIL}.`,
      ],
    ] as const
  ).flatMap(([question, answer]): Block[] => [
    { kind: 'heading', text: question },
    { kind: 'paragraph', text: answer },
  ]),
];

const imageRequirements: Block[] = [
  { kind: 'title', text: 'Product Image Requirements' },
  {
    kind: 'paragraph',
    text:
      'Good images let us catalogue your product quickly and correctly. Please follow these guidelines for ' +
      'every product you submit.',
  },
  { kind: 'heading', text: 'Required for every product' },
  {
    kind: 'bullets',
    items: [
      'All sides of the package: front, back, left, right, top and bottom.',
      'A visible UPC: the barcode and its digits must be readable in at least one image.',
      'Legible text: ingredients, nutrition facts and claims must be in focus and readable.',
      'A clear image: well lit, not blurred, not cropped, without glare or fingers covering the label.',
    ],
  },
  { kind: 'heading', text: 'Recommended' },
  {
    kind: 'bullets',
    items: [
      'A marketing image (packshot): the front of the package on a white background.',
      'Package flats: the label artwork files laid out flat (PDF preferred).',
      'Several products at once: upload up to 10 files per submission, one UPC per product.',
    ],
  },
  { kind: 'heading', text: 'Files' },
  {
    kind: 'bullets',
    items: [
      'Formats: PDF, JPG, PNG, GIF or TIF.',
      `At most ${MAX_FILES_PER_SELECTION} files per upload, each larger than 0 bytes and no larger than 15 MB.`,
      'File names must be unique within a submission.',
    ],
  },
];

await mkdir(OUT_DIR, { recursive: true });
for (const [name, title, blocks] of [
  ['schedule.pdf', 'Submission Schedule', schedule],
  ['FAQs.pdf', 'Frequently Asked Questions', faqs],
  ['image-requirements.pdf', 'Product Image Requirements', imageRequirements],
] as const) {
  const bytes = await makePdf(title, blocks);
  await writeFile(join(OUT_DIR, name), bytes);
  console.log(`wrote ${join(OUT_DIR, name)} (${bytes.length} bytes)`);
}
