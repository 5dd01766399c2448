import { Group, Text } from '@mantine/core';

/** The product's logo and name. */
export function BrandMark({ color = 'var(--mantine-primary-color-filled)' }: { color?: string }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill={color} />
        <path
          d="M9 23c0-8 5-13 14-14-1 9-6 14-14 14zm0 0 8-8"
          stroke="#fff"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <Text component="span" fw={700} fz="lg">
        Product Hub
      </Text>
    </Group>
  );
}
