import type { FactReading } from '@portal/domain';
import { fieldLabel } from './facts-form.ts';

interface Props {
  imageUrl: string;
  fileName: string;
  readings: readonly FactReading[];
  /** The reading pointed at: its region is drawn strongly, the others faintly. */
  active: FactReading | null;
}

/**
 * The photo the facts were read from, with the region of each reading still to decide outlined (regions are fractions
 * of the upright photo, so they scale with it). The outlines repeat what the suggestions say: hidden from screen
 * readers, which hear the suggestions themselves.
 */
export function PhotoRegions({ imageUrl, fileName, readings, active }: Props) {
  return (
    <div style={{ position: 'relative', lineHeight: 0 }} data-testid="facts-photo">
      <img src={imageUrl} alt={`The package as ${fileName} shows it`} style={{ width: '100%', height: 'auto' }} />
      {readings.map((r) => {
        const on = active?.field === r.field;
        return (
          <div
            key={r.field}
            aria-hidden
            data-region={r.field}
            data-active={on || undefined}
            title={fieldLabel(r.field)}
            style={{
              position: 'absolute',
              left: `${r.region.x * 100}%`,
              top: `${r.region.y * 100}%`,
              width: `${r.region.width * 100}%`,
              height: `${r.region.height * 100}%`,
              border: on ? '3px solid var(--mantine-color-orange-7)' : '1px dashed var(--mantine-color-blue-6)',
              background: on ? 'rgba(255, 146, 43, 0.25)' : 'transparent',
              boxSizing: 'border-box',
              pointerEvents: 'none',
            }}
          />
        );
      })}
    </div>
  );
}
