import type { ReactNode } from 'react';
import { Box, Button, Card, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { titleCase } from '@portal/domain';
import { partnerLogoUrl, validColour, type PartnerConfiguration } from '../../partner/partner-configuration.ts';
import { readableTextOn } from '../../ui/colour-contrast.ts';
import { BrandMark } from '../../ui/BrandMark.tsx';
import { AppLink } from '../../partner/AppLink.tsx';
import classes from './PartnerLandingView.module.css';

const DEFAULT_PRIMARY = '#1e7a3f';
const DEFAULT_SECONDARY = '#000000';

interface PartnerLandingViewProps {
  config: PartnerConfiguration;
  /** Log in and sign-up actions; a settings preview passes none. */
  actions?: ReactNode;
  /** Shown above the page content, e.g. the notification banner. */
  banner?: ReactNode;
  /** A view-only preview inside another page (settings): no landmarks of its own, no full-screen height. */
  preview?: boolean;
}

/** The co-branded landing page (part 2 section 1), also used for the settings preview. */
export function PartnerLandingView({ config, actions, banner, preview = false }: PartnerLandingViewProps) {
  const partner = titleCase(config.companyName);
  const primary = validColour(config.primaryColor, DEFAULT_PRIMARY) as string;
  const secondary = validColour(config.secondaryColor, DEFAULT_SECONDARY) as string;
  const logo = partnerLogoUrl(config);

  const blocks = [
    { title: 'Easy Item Submission', text: `Submit your products to ${partner} for consideration` },
    {
      title: 'Manage your Brand Profile',
      text: 'Upload your brand logo, marketing materials, brand story and social media profiles.',
    },
    {
      title: 'Supplier Resources',
      text: 'Submission process details, the category review calendar and vendor policies.',
    },
  ];

  // In a preview the host page has the landmarks; its own header, main and footer become plain blocks.
  const Header = preview ? 'div' : 'header';
  const Main = preview ? 'div' : 'main';
  const Footer = preview ? 'div' : 'footer';

  return (
    <Box
      className={classes.root}
      data-preview={preview || undefined}
      style={{
        '--partner-primary': primary,
        '--partner-on-primary': readableTextOn(primary),
        '--partner-secondary': secondary,
        '--partner-on-secondary': readableTextOn(secondary),
      }}
    >
      <Header className={classes.header}>
        <Container size="lg">
          <Group h={72} justify="space-between">
            {logo ? (
              <Image src={logo} alt={`${partner} logo`} h={48} w="auto" fit="contain" />
            ) : (
              <Text fw={700} fz="xl">
                {partner}
              </Text>
            )}
          </Group>
        </Container>
      </Header>
      <Main {...(!preview && { id: 'main', tabIndex: -1 })} className={classes.main}>
        <section className={classes.hero}>
          <Container size="lg" py={48}>
            <Stack gap="md" maw={680}>
              {banner}
              <Title order={preview ? 2 : 1} size="h1">
                {partner}
              </Title>
              <Text size="lg">New item intake for {partner} suppliers and brands.</Text>
              {actions && <Group>{actions}</Group>}
            </Stack>
          </Container>
        </section>
        <Container size="lg" py="xl">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {blocks.map((block) => (
              <Card key={block.title} withBorder padding="lg" className={classes.block}>
                <Title order={preview ? 3 : 2} size="h3" mb="xs">
                  {block.title}
                </Title>
                <Text>{block.text}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </Main>
      <Footer className={classes.footer}>
        <Container size="lg" py="md">
          <Group gap="xs">
            <Text size="sm">Powered By</Text>
            <BrandMark />
          </Group>
        </Container>
      </Footer>
    </Box>
  );
}

/** A link styled as a button in the partner's secondary (button) colour. */
export function PartnerButton({ children, to, href }: { children: ReactNode; to?: string; href?: string }) {
  return to ? (
    <Button component={AppLink} to={to} className={classes.partnerButton} size="md">
      {children}
    </Button>
  ) : (
    <Button component="a" href={href} className={classes.partnerButton} size="md">
      {children}
    </Button>
  );
}
