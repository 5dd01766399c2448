import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { SUPPORT_EMAIL } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { SIGN_UP_URL } from '../../config/links.ts';
import { PublicLayout } from '../../ui/PublicLayout.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';

const STEPS = [
  { title: 'Upload product image', text: 'Photos or artwork of every side of the package, with the UPC visible.' },
  { title: 'Enter product information', text: 'The UPC and product name for each file you uploaded.' },
  { title: 'Submit', text: 'Send your products for review and follow their progress online.' },
];

/** The public home page (part 2 section 1). */
export function MarketingLandingPage() {
  usePageTitle();
  return (
    <PublicLayout wide>
      <Stack gap="xl">
        <Stack gap="sm" maw={720}>
          <Title order={1}>Get your products catalogued</Title>
          <Text size="lg">
            Product Hub is where suppliers and brands send product images and information for cataloguing, and follow
            the review of what they sent.
          </Text>
          <Group mt="sm">
            <Button component={AppLink} to="/login" size="md">
              Log in
            </Button>
            <Button component="a" href={SIGN_UP_URL} variant="outline" size="md">
              Create account
            </Button>
          </Group>
          <Text>
            See when submissions are reviewed:{' '}
            <Anchor component={AppLink} to="/schedule">
              Submission schedule
            </Anchor>
          </Text>
          <Text size="sm">Product Hub replaces the legacy resource centre, which was retired in April 2020.</Text>
        </Stack>

        <section aria-labelledby="how-it-works">
          <Title order={2} id="how-it-works" mb="md">
            How it works
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} component="ol" spacing="md" style={{ listStyle: 'none', padding: 0 }}>
            {STEPS.map((step, index) => (
              <Card component="li" key={step.title} withBorder padding="lg">
                <Group gap="sm" wrap="nowrap" mb="xs">
                  <ThemeIcon radius="xl" size="lg" aria-hidden>
                    {index + 1}
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {step.title}
                  </Title>
                </Group>
                <Text>{step.text}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </section>

        <section aria-labelledby="support">
          <Title order={2} id="support" mb="xs">
            Need help?
          </Title>
          <Text>
            Write to our support team at <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
          </Text>
        </section>
      </Stack>
    </PublicLayout>
  );
}
