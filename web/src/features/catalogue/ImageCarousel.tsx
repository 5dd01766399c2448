import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import classes from './catalogue.module.css';

interface ImageCarouselProps {
  images: readonly string[];
  thumbnails: readonly string[];
  /** Names the pictures in their alt text, e.g. the product's description or UPC. */
  subject: string;
}

/**
 * A large preview with 'Previous'/'Next' and a row of thumbnail buttons below. The thumbnails are one tab stop:
 * arrow keys (and Home/End) move between them, Enter or Space shows the one focused.
 */
export function ImageCarousel({ images, thumbnails, subject }: ImageCarouselProps) {
  const [current, setCurrent] = useState(0);
  const [focused, setFocused] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const statusId = useId();
  const count = images.length;
  const index = Math.min(current, count - 1);

  const show = (i: number) => {
    setCurrent(i);
    setFocused(i);
  };
  const moveFocus = (i: number) => {
    const next = (i + count) % count;
    setFocused(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, i: number) => {
    const moves: Record<string, number> = {
      ArrowRight: i + 1,
      ArrowDown: i + 1,
      ArrowLeft: i - 1,
      ArrowUp: i - 1,
      Home: 0,
      End: count - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveFocus(moves[event.key]);
    }
  };

  const alt = (i: number) => `${subject}, image ${i + 1} of ${count}`;

  return (
    <Stack gap="sm" className={classes.carousel}>
      <div className={classes.preview}>
        <Image src={images[index]} alt={alt(index)} fit="contain" h={360} />
      </div>
      <Group justify="space-between" wrap="nowrap">
        <Button variant="default" onClick={() => show((index - 1 + count) % count)} disabled={count < 2}>
          Previous
        </Button>
        <Text size="sm" id={statusId} aria-live="polite">
          Image {index + 1} of {count}
        </Text>
        <Button variant="default" onClick={() => show((index + 1) % count)} disabled={count < 2}>
          Next
        </Button>
      </Group>
      <div role="group" aria-label="Image thumbnails" className={classes.thumbs}>
        {images.map((src, i) => (
          <UnstyledButton
            key={`${src}-${i}`}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            className={classes.thumbButton}
            data-selected={i === index || undefined}
            aria-pressed={i === index}
            aria-label={`Show image ${i + 1} of ${count}`}
            tabIndex={i === focused ? 0 : -1}
            onFocus={() => setFocused(i)}
            onClick={() => show(i)}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            <img src={thumbnails[i] ?? src} alt="" className={classes.thumb} />
          </UnstyledButton>
        ))}
      </div>
    </Stack>
  );
}
