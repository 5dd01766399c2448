import { compareUpcDigits, differingDigitsInWords } from '@portal/domain';

/**
 * A code shown digit by digit against another, the digits that differ marked (a highlight, and in words for screen
 * readers): the typed UPC against the code read from the photo, or the other way round.
 */
export function MarkedDigits({ code, against, side }: { code: string; against: string; side: 'typed' | 'detected' }) {
  const compared = compareUpcDigits(side === 'typed' ? code : against, side === 'typed' ? against : code)[side];
  const differs = compared.some((d) => d.differs);
  return (
    <span data-testid={`upc-${side}`}>
      {compared.map((d, i) =>
        d.differs ? (
          <mark key={i} style={{ background: '#ffe066', color: 'inherit', fontWeight: 700 }}>
            {d.digit}
          </mark>
        ) : (
          <span key={i}>{d.digit}</span>
        ),
      )}
      {differs && <span className="visually-hidden"> (differs in {differingDigitsInWords(compared)})</span>}
    </span>
  );
}
