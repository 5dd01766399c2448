import { describe, expect, it } from 'vitest';
import {
  ACCESS_MSG,
  addToImportSelection,
  checkMappingRows,
  codeFromFileName,
  filesSummary,
  IMPORT_MSG,
  importFileProblem,
  INGESTION_MAX_ZIP_BYTES,
  isCompleteFile,
  jobStatus,
  MAPPING_MSG,
  mappingErrorLog,
  mappingTemplate,
  nextPollInterval,
  normaliseFolderName,
  normaliseImageSource,
  parseMappingCsv,
  toCsv,
  type MappingTarget,
} from './bulk-ingestion.ts';
import { accessFormSchema } from './bulk-ingestion-schema.ts';
import { UPC_MSG } from './gtin.ts';
import { MAX_FILE_BYTES } from './constants.ts';
import { UPLOAD_MSG } from './upload-rules.ts';

const messages = (input: unknown) => {
  const result = accessFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('access form', () => {
  it('normalises the folder name to lower case and the image source to upper case, spaces to underscores, other symbols removed', () => {
    expect(normaliseFolderName('Green Valley-Foods!')).toBe('green_valleyfoods');
    expect(normaliseImageSource('local drop/2')).toBe('LOCAL_DROP2');
  });

  it('needs a company, a folder name and an image source of 3+ characters without spaces', () => {
    expect(messages({})).toEqual({
      companyId: ACCESS_MSG.companyRequired,
      folderName: ACCESS_MSG.folderRequired,
      imageSource: ACCESS_MSG.sourceRequired,
    });
    expect(messages({ companyId: 1001, folderName: '', imageSource: '' })).toEqual({
      folderName: ACCESS_MSG.folderRequired,
      imageSource: ACCESS_MSG.sourceRequired,
    });
    expect(messages({ companyId: 1001, folderName: 'ab', imageSource: 'LO' })).toEqual({
      folderName: ACCESS_MSG.tooShort,
      imageSource: ACCESS_MSG.tooShort,
    });
    expect(messages({ companyId: 1001, folderName: 'a folder', imageSource: 'LOCAL' })).toEqual({
      folderName: ACCESS_MSG.noSpaces,
    });
    expect(messages({ companyId: 1001, folderName: 'green_valley', imageSource: 'LOCAL' })).toEqual({});
  });
});

describe('files and jobs', () => {
  it('counts IDENTIFIED, SUBMITTED and CATALOGUED files as Complete, every other status as Incomplete', () => {
    expect(['IDENTIFIED', 'SUBMITTED', 'CATALOGUED'].every((s) => isCompleteFile(s as never))).toBe(true);
    expect(['RECEIVED', 'UNIDENTIFIED', 'NEEDS_MAPPING', 'IGNORED'].some((s) => isCompleteFile(s as never))).toBe(
      false,
    );
  });

  it('derives the job status: Complete, Error when every file was ignored, otherwise Incomplete', () => {
    expect(jobStatus({ identifiedCount: 2, submittedCount: 3, ignoredCount: 0, totalCount: 5 })).toBe('Complete');
    expect(jobStatus({ identifiedCount: 0, submittedCount: 0, ignoredCount: 4, totalCount: 4 })).toBe('Error');
    expect(jobStatus({ identifiedCount: 1, submittedCount: 0, ignoredCount: 1, totalCount: 3 })).toBe('Incomplete');
    expect(filesSummary({ identifiedCount: 1, submittedCount: 2, ignoredCount: 0, totalCount: 7 })).toBe('3/7');
  });

  it('polls every second, 1.3 times longer while nothing changes, and back to a second on a change', () => {
    expect(nextPollInterval(1000, false)).toBe(1300);
    expect(nextPollInterval(1300, false)).toBeCloseTo(1690);
    expect(nextPollInterval(1690, true)).toBe(1000);
  });

  it('reads a valid code at the start of a GS1-style file name, as EAN-13', () => {
    expect(codeFromFileName('036000291452_front.jpg')).toBe('0036000291452');
    expect(codeFromFileName('folder/4006381333931.png')).toBe('4006381333931');
    expect(codeFromFileName('036000291453_front.jpg')).toBeNull(); // wrong check digit
    expect(codeFromFileName('IMG_0001.jpg')).toBeNull();
    expect(codeFromFileName('0360002914521234.jpg')).toBeNull();
  });
});

describe('mapping files', () => {
  it('needs exactly the headers UPC and filename', () => {
    expect(parseMappingCsv('UPC,filename\n036000291452,a.jpg\n')).toEqual({
      ok: true,
      rows: [{ upc: '036000291452', filename: 'a.jpg', row: 2 }],
      blankRows: 0,
    });
    for (const text of ['upc,filename\n1,a', 'UPC,filename,extra\n1,a,b', 'UPC\n1', '', 'UPC,"filename\n1,a']) {
      expect(parseMappingCsv(text)).toEqual({ ok: false, message: MAPPING_MSG.unrecognizable });
    }
  });

  it("the template's own rows read back: a name kept from becoming a formula loses the guarding apostrophe", () => {
    const files: MappingTarget[] = [
      { filename: '-front.png', status: 'NEEDS_MAPPING', detectedEan13Upc: null, upc: null, ean13Upc: null },
    ];
    const template = mappingTemplate(files);
    expect(template).toBe("UPC,filename\r\n,'-front.png\r\n");
    const filled = template.replace("\r\n,'", "\r\n036000291452,'");
    const parsed = parseMappingCsv(filled);
    expect(parsed).toEqual({ ok: true, rows: [{ upc: '036000291452', filename: '-front.png', row: 2 }], blankRows: 0 });
    expect(parsed.ok && checkMappingRows(parsed.rows, files)[0].reason).toBe('');
    // An apostrophe before anything else is part of the name.
    expect(parseMappingCsv("UPC,filename\n036000291452,'quoted.png\n")).toMatchObject({
      rows: [{ filename: "'quoted.png" }],
    });
  });

  it("skips empty lines, counting them and keeping the file's row numbers, and needs at least one data row", () => {
    expect(parseMappingCsv('UPC,filename\n\n,\n')).toEqual({ ok: false, message: MAPPING_MSG.noRows });
    expect(parseMappingCsv('\nUPC,filename\r\n\r\n036000291452,a.jpg\r\n\r\n')).toMatchObject({
      ok: true,
      rows: [{ filename: 'a.jpg', row: 4 }],
      blankRows: 2,
    });
  });

  it('gives every reason of a row, joined with a space, with the row number = data index + 2', () => {
    const files: MappingTarget[] = [
      { filename: 'needs.jpg', status: 'NEEDS_MAPPING', upc: null, detectedEan13Upc: null, ean13Upc: null },
      // Detected: its code is also its UPC, so both reasons apply.
      {
        filename: 'detected.jpg',
        status: 'IDENTIFIED',
        upc: null,
        detectedEan13Upc: '0036000291452',
        ean13Upc: '0036000291452',
      },
      {
        filename: 'mapped.jpg',
        status: 'IDENTIFIED',
        upc: '036000291452',
        detectedEan13Upc: null,
        ean13Upc: '0036000291452',
      },
      { filename: 'ignored.jpg', status: 'IGNORED', upc: null, detectedEan13Upc: null, ean13Upc: null },
      { filename: 'reading.jpg', status: 'UNIDENTIFIED', upc: null, detectedEan13Upc: null, ean13Upc: null },
      { filename: 'checking.jpg', status: 'RECEIVED', upc: null, detectedEan13Upc: null, ean13Upc: null },
    ];
    const results = checkMappingRows(
      [
        { upc: '036000291452', filename: 'needs.jpg' },
        { upc: '036000291452', filename: 'dup.jpg' },
        { upc: '036000291453', filename: 'dup.jpg' },
        { upc: '036000291452', filename: 'detected.jpg' },
        { upc: '036000291452', filename: 'mapped.jpg' },
        { upc: '036000291452', filename: 'ignored.jpg' },
        { upc: '036000291452', filename: 'reading.jpg' },
        { upc: '036000291452', filename: 'checking.jpg' },
      ],
      files,
    );
    expect(results.map((r) => [r.row, r.reason])).toEqual([
      [2, ''],
      [3, `${MAPPING_MSG.duplicate} ${MAPPING_MSG.unknownFile}`],
      [4, `${MAPPING_MSG.duplicate} ${UPC_MSG.checkDigit('03600029145', 2)} ${MAPPING_MSG.unknownFile}`],
      [5, `${MAPPING_MSG.alreadyDetected} ${MAPPING_MSG.alreadyMapped}`],
      [6, MAPPING_MSG.alreadyMapped],
      [7, MAPPING_MSG.ignored],
      [8, MAPPING_MSG.detecting],
      [9, MAPPING_MSG.validating],
    ]);
  });

  it('offers a template of the files needing mapping with an empty UPC, and an error log safe to open in a spreadsheet', () => {
    expect(
      mappingTemplate([
        { filename: 'a.jpg', status: 'NEEDS_MAPPING' },
        { filename: 'b.jpg', status: 'IDENTIFIED' },
        { filename: '=HYPERLINK("x").jpg', status: 'NEEDS_MAPPING' },
      ]),
    ).toBe('UPC,filename\r\n,a.jpg\r\n,"\'=HYPERLINK(""x"").jpg"\r\n');
    expect(
      mappingErrorLog([
        { row: 3, upc: '1', filename: '@cmd.jpg', reason: MAPPING_MSG.unknownFile },
        { row: 4, upc: '2', filename: 'ok.jpg', reason: '' },
      ]),
    ).toBe(`Row,UPC,filename,Reason\r\n3,1,'@cmd.jpg,${MAPPING_MSG.unknownFile}\r\n`);
    expect(toCsv([['+1', '-2', 'plain']])).toBe("'+1,'-2,plain\r\n");
  });
});

describe('the import page selection', () => {
  const f = (name: string, size: number, type = '') => ({ name, size, type });
  it('refuses by the server limits: a picture over 15 MB, a zip over 2 GB, an empty file, other types', () => {
    expect(importFileProblem(f('a.png', MAX_FILE_BYTES))).toBeNull();
    expect(importFileProblem(f('a.png', MAX_FILE_BYTES + 1))).toBe(UPLOAD_MSG.size);
    expect(importFileProblem(f('IMG_1.HEIC', 1000))).toBeNull();
    expect(importFileProblem(f('all.zip', MAX_FILE_BYTES * 10))).toBeNull();
    expect(importFileProblem(f('all.zip', INGESTION_MAX_ZIP_BYTES + 1))).toBe(IMPORT_MSG.zipTooLarge);
    expect(importFileProblem(f('a.png', 0))).toBe(UPLOAD_MSG.size);
    expect(importFileProblem(f('notes.txt', 10, 'text/plain'))).toBe(IMPORT_MSG.format);
  });

  it('adds only good files, once each, and names every refused one with its reason', () => {
    const a = f('a.png', 10);
    const first = addToImportSelection([a], [a, f('b.png', 20), f('x.txt', 5)]);
    expect(first.files.map((x) => x.name)).toEqual(['a.png', 'b.png']);
    expect(first.error).toBe(IMPORT_MSG.notAdded([{ name: 'x.txt', reason: IMPORT_MSG.format }]));
    expect(addToImportSelection([], [f('c.png', 1)]).error).toBeNull();
  });
});
