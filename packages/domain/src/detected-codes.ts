import { z } from 'zod';

/**
 * How the codes detected in a file were read: from its bars (the barcode readers), or from the digits printed under
 * the bars when no reader could decode them (glare, a crease, a torn corner). Digits read by OCR are accepted only with
 * a valid length and check digit, yet they are a weaker proof than bars, so staff are told.
 */
export const detectedFromSchema = z.enum(['bars', 'digits']);
export type DetectedFrom = z.infer<typeof detectedFromSchema>;

/** Shown to staff on the verification badge when a detected code was read from the printed digits. */
export const READ_FROM_DIGITS = 'Read from printed digits';
