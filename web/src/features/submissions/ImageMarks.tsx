import { forwardRef, useState, type CSSProperties } from 'react';
import type { ImagePoint, ImageRegion } from '@portal/domain';

/**
 * A rectangle drawn over an image: a reviewer's comment (numbered), the detected code, one being marked, or where a
 * product fact was read from.
 */
export interface ImageMark {
  region: ImageRegion;
  /** Drawn instead of the rectangle when given: a polygon through these points (the code's corners at its angle). */
  corners?: readonly ImagePoint[] | null;
  kind: 'comment' | 'barcode' | 'draft' | 'fact';
  /** Shown in the corner of a comment's rectangle; its comment in the list beside the image has the same number. */
  label?: string;
}

const STROKE: Record<ImageMark['kind'], string> = {
  comment: '#c92a2a',
  barcode: '#2b8a3e',
  draft: '#1971c2',
  fact: '#d9480f',
};

const stroke = (kind: ImageMark['kind']) => ({
  stroke: STROKE[kind],
  strokeWidth: 3,
  strokeDasharray: kind === 'barcode' ? '8 4' : kind === 'fact' ? '2 3' : undefined,
  vectorEffect: 'non-scaling-stroke' as const,
});

/**
 * Where the code was read on a file, to outline it: the polygon through its corners at the code's own angle, or the
 * rectangle of files read before corners were kept. Null when no code was read.
 */
export function codeMark(file: {
  barcodeRegion?: ImageRegion | null;
  barcodeOutline?: readonly ImagePoint[] | null;
}): ImageMark | null {
  if (!file.barcodeRegion) return null;
  const corners = file.barcodeOutline && file.barcodeOutline.length >= 3 ? file.barcodeOutline : null;
  return { region: file.barcodeRegion, kind: 'barcode', corners };
}

/** A fact's source as the review page reads it: the part of which file's photo it was read from. */
export interface FactSourceOnPhoto {
  field: string;
  source: string;
  fileName?: string | null;
  region?: { x: number; y: number; width: number; height: number } | null;
}

/** The regions of a photo that facts were read from (accepted or corrected), labelled by their field. */
export const factMarks = (sources: readonly FactSourceOnPhoto[], fileName: string): ImageMark[] =>
  sources.flatMap((s) =>
    s.region && s.fileName === fileName && s.source !== 'typed'
      ? [
          {
            region: { x: s.region.x, y: s.region.y, w: s.region.width, h: s.region.height },
            kind: 'fact' as const,
            label: s.field,
          },
        ]
      : [],
  );

/**
 * An image shown whole in its box (object-fit: contain) with rectangles over it at the places they name, whatever
 * the box's size: the marks are an SVG of the image's own size laid over the box and fitted the same way
 * (preserveAspectRatio meet), so they sit where they belong on a thumbnail and on the large view alike. The marks are
 * hidden from screen readers; the page says in words what each one is.
 */
export const ImageWithMarks = forwardRef<
  SVGSVGElement,
  {
    src: string;
    alt: string;
    marks: readonly ImageMark[];
    className?: string;
    style?: CSSProperties;
    imgStyle?: CSSProperties;
    loading?: 'lazy' | 'eager';
    onError?: () => void;
  }
>(function ImageWithMarks({ src, alt, marks, className, style, imgStyle, loading, onError }, svgRef) {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  return (
    <div className={className} style={{ position: 'relative', ...style }} data-marked-image={src}>
      <img
        src={src}
        alt={alt}
        loading={loading}
        draggable={false}
        onError={onError}
        onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
        style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain', ...imgStyle }}
      />
      {size && (
        <svg
          ref={svgRef}
          aria-hidden="true"
          viewBox={`0 0 ${size.w} ${size.h}`}
          preserveAspectRatio="xMidYMid meet"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
        >
          {marks.map((m, i) => {
            const x = m.region.x * size.w;
            const y = m.region.y * size.h;
            const font = Math.max(size.w, size.h) * 0.035;
            return (
              <g key={i} data-mark={m.kind} data-label={m.label}>
                {m.corners ? (
                  <polygon
                    points={m.corners.map((p) => `${p.x * size.w},${p.y * size.h}`).join(' ')}
                    fill="none"
                    {...stroke(m.kind)}
                  />
                ) : (
                  <rect
                    x={x}
                    y={y}
                    width={m.region.w * size.w}
                    height={m.region.h * size.h}
                    fill={m.kind === 'draft' ? 'rgba(25, 113, 194, 0.12)' : 'none'}
                    {...stroke(m.kind)}
                  />
                )}
                {m.label && (
                  <text
                    x={x + font * 0.25}
                    y={y + font}
                    fontSize={font}
                    fontWeight={700}
                    fill="#fff"
                    stroke={STROKE[m.kind]}
                    strokeWidth={font * 0.25}
                    paintOrder="stroke"
                  >
                    {m.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
});

/**
 * Where a pointer is on an image shown by ImageWithMarks, as fractions of the image (clamped to it): the SVG over it
 * has the image's own coordinates, so its screen matrix maps the pointer back whatever the zoom, pan and turn.
 */
export function pointOnImage(svg: SVGSVGElement, clientX: number, clientY: number): { x: number; y: number } {
  const matrix = svg.getScreenCTM();
  const box = svg.viewBox.baseVal;
  if (!matrix || !box.width || !box.height) return { x: 0, y: 0 };
  const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return { x: clamp(p.x / box.width), y: clamp(p.y / box.height) };
}
