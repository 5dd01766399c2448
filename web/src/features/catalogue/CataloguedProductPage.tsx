import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { isAnyAdmin, SUPPORT_EMAIL } from '@portal/domain';
import { gql, GraphQLRequestError } from '../../api/graphql.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { useSession } from '../../session/session-context.tsx';
import { showBanner } from '../../ui/banner/banner-store.ts';
import { formatDate } from '../../ui/dates.ts';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import { useShippingProfileOptions } from '../drafts/use-shipping-profile-options.ts';
import { BackLink } from '../submissions/SubmissionStates.tsx';
import {
  catalogueKeys,
  isNotFound,
  productChanged,
  putShippingProfile,
  useCataloguedProduct,
  useCataloguedProductFacts,
  type CataloguedProduct,
} from './catalogue-api.ts';
import { ProductFactsPanel } from '../submissions/ProductFactsPanel.tsx';
import { DelistCataloguedProductMutation } from './catalogue-operations.ts';
import { ImageCarousel } from './ImageCarousel.tsx';
import classes from './catalogue.module.css';

export const PRODUCT_HEADING = 'Catalogued item';
export const PRODUCT_NOT_FOUND = "We couldn't find this catalogued item. It may not be in your catalogue.";
export const NO_IMAGES_HEADING = 'No images available';
export const NO_IMAGES_TEXT =
  "We don't have any images associated with this product right now. If you have or can take photos representing all sides of this item, please share.";
export const PROFILE_APPLIED = 'Shipping profile applied.';
export const PROFILE_REMOVED = 'Shipping profile successfully removed.';
export const DELIST_TITLE = 'Delist this product?';
export const DELIST_NOTE = 'It leaves the catalogue; suppliers will no longer see it in their list.';
export const PRODUCT_DELISTED = 'Product has been delisted.';

export const certifiedNote = (date: string) =>
  `Values are certified as of ${date}. Another system may show different values; to request a change, email customer support at ${SUPPORT_EMAIL}.`;

const back = <BackLink to="/cataloguedProducts">Back to Catalogued Items</BackLink>;

/** /cataloguedProducts/:ean13Upc: the certified values and images of one catalogued item. */
export function CataloguedProductPage() {
  const { ean13Upc = '' } = useParams();
  const query = useCataloguedProduct(ean13Upc);
  const product = query.data;

  if (!product) {
    return (
      <Page heading={PRODUCT_HEADING} before={back}>
        {query.isError ? (
          <Alert color="red" role="alert" title="Catalogued item not available">
            <Text>
              {isNotFound(query.error) ? PRODUCT_NOT_FOUND : 'We couldn\u2019t load this item. Please try again later.'}
            </Text>
            <Anchor component={AppLink} to="/cataloguedProducts" mt="xs" display="inline-block">
              Go to Catalogued Items
            </Anchor>
          </Alert>
        ) : (
          <Group role="status" gap="sm">
            <Loader size="sm" aria-hidden />
            <Text>Loading the catalogued item…</Text>
          </Group>
        )}
      </Page>
    );
  }
  return <ProductView product={product} />;
}

/** The facts certified when the product was catalogued, once they have loaded. */
function CertifiedFacts({ ean13Upc }: { ean13Upc: string }) {
  const facts = useCataloguedProductFacts(ean13Upc);
  if (!facts.isSuccess) return null;
  return (
    <Box mt="md">
      <ProductFactsPanel facts={facts.data} heading="Certified product facts" />
    </Box>
  );
}

function ProductView({ product }: { product: CataloguedProduct }) {
  const { user, hasFlag } = useSession();
  const modified = formatDate(product.updatedDate);
  const staff = !!user && isAnyAdmin(user);
  const showShipping = hasFlag('SHIPPING_PROFILE') && !!user && !staff;
  const valuesId = useId();
  const imagesId = useId();

  const certified: [string, string | number | null][] = [
    ['Item description', product.description],
    ['Brand', product.brand],
    ['Department', product.department],
    ['Category', product.category],
    ['Subcategory', product.subcategory],
    ...(product.packCount !== null && product.packCount !== undefined
      ? [['Pack count', product.packCount] as [string, number]]
      : []),
    ['Size', product.itemSize],
    ['Unit of measure', product.unitsOfMeasure],
  ];

  return (
    <Page heading={PRODUCT_HEADING} title={product.description || product.ean13Upc} before={back}>
      {(product.isDelisted || (staff && product.can.delist)) && (
        <Group gap="md">
          {product.isDelisted && (
            <Badge size="lg" variant="light" color="gray" c="#343a40">
              Delisted
            </Badge>
          )}
          {staff && product.can.delist && <DelistButton product={product} />}
        </Group>
      )}
      <dl className={classes.facts}>
        <dt>UPC</dt>
        <dd>{product.ean13Upc}</dd>
        <dt>Status</dt>
        <dd>{product.isDelisted ? 'Delisted' : 'Catalogued'}</dd>
        <dt>Date modified</dt>
        <dd>{modified}</dd>
      </dl>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <section aria-labelledby={imagesId}>
          <Title order={2} size="h4" id={imagesId} mb="xs">
            Images
          </Title>
          {product.imageUrls.length > 0 ? (
            <ImageCarousel
              images={product.imageUrls}
              thumbnails={product.thumbnailUrls}
              subject={product.description || `UPC ${product.ean13Upc}`}
            />
          ) : (
            <Stack gap="xs" align="flex-start">
              <Text fw={600}>{NO_IMAGES_HEADING}</Text>
              <Text>{NO_IMAGES_TEXT}</Text>
              {product.can.addImages && (
                <Button component={AppLink} to={`/cataloguedProducts/${encodeURIComponent(product.ean13Upc)}/upload`}>
                  Submit product images
                </Button>
              )}
            </Stack>
          )}
          {product.imageUrls.length > 0 && product.can.addImages && (
            <Anchor
              component={AppLink}
              to={`/cataloguedProducts/${encodeURIComponent(product.ean13Upc)}/upload`}
              mt="sm"
              display="inline-block"
            >
              Submit more product images
            </Anchor>
          )}
        </section>

        <section aria-labelledby={valuesId}>
          <Title order={2} size="h4" id={valuesId} mb="xs">
            Certified values
          </Title>
          <dl className={classes.facts}>
            {certified.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value === null || value === '' ? '—' : value}</dd>
              </div>
            ))}
          </dl>
          <CertifiedFacts ean13Upc={product.ean13Upc} />
          {showShipping && <ShippingProfileSelect product={product} />}
          <Text size="sm" c="dimmed" mt="md">
            {certifiedNote(modified)}
          </Text>
        </section>
      </SimpleGrid>
    </Page>
  );
}

/** The product's shipping profile; choosing one applies it at once, clearing removes it. */
function ShippingProfileSelect({ product }: { product: CataloguedProduct }) {
  const queryClient = useQueryClient();
  const options = useShippingProfileOptions();
  const [saving, setSaving] = useState(false);
  const current = product.shippingProfileId === null ? null : String(product.shippingProfileId);
  const data =
    current !== null && !options.some((o) => o.value === current)
      ? [...options, { value: current, label: `Profile ${current}` }]
      : options;

  const change = async (value: string | null) => {
    if (value === current) return;
    setSaving(true);
    try {
      const shippingProfileId = value === null ? null : Number(value);
      await putShippingProfile(product.ean13Upc, shippingProfileId);
      productChanged(queryClient, { ...product, shippingProfileId });
      toast.success(value === null ? PROFILE_REMOVED : PROFILE_APPLIED);
    } catch {
      // The generic handling has told the user; the selector keeps the saved value.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Select
      mt="md"
      label="Shipping profile"
      placeholder={data.length ? 'Choose a shipping profile' : 'No shipping profiles yet'}
      description={data.length ? undefined : 'You have no shipping profiles yet.'}
      data={data}
      value={current}
      onChange={(value) => void change(value)}
      clearable
      clearButtonProps={{ 'aria-label': 'Remove the shipping profile', 'aria-hidden': false, tabIndex: 0 }}
      disabled={saving || data.length === 0 || !product.can.setShippingProfile}
      maw={320}
    />
  );
}

/** Staff take a product out of the catalogue, after saying so in a dialog. */
function DelistButton({ product }: { product: CataloguedProduct }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const delist = async () => {
    setBusy(true);
    try {
      const updated = (await gql(DelistCataloguedProductMutation, { ean13Upc: product.ean13Upc }))
        .delistCataloguedProduct;
      productChanged(queryClient, updated);
      toast.success(PRODUCT_DELISTED);
    } catch (error) {
      // Someone may have delisted it first: the server's word, and the product as it is now.
      if (error instanceof GraphQLRequestError) showBanner(error.message, 'error');
    } finally {
      setBusy(false);
      setAsking(false);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.product(product.ean13Upc) });
    }
  };

  return (
    <>
      <Button color="red.9" variant="outline" onClick={() => setAsking(true)}>
        Delist product
      </Button>
      <Modal opened={asking} onClose={() => !busy && setAsking(false)} title={DELIST_TITLE} centered>
        <Stack gap="md">
          <Text>{DELIST_NOTE}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)} disabled={busy} data-autofocus>
              Cancel
            </Button>
            <Button color="red.9" onClick={() => void delist()} disabled={busy}>
              {busy ? 'Delisting...' : 'Delist'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
