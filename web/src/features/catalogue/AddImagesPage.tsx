import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Anchor, Button, CloseButton, Group, List, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { DRAFT_MSG, plural } from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { showBanner } from '../../ui/banner/banner-store.ts';
import { FileDropZone } from '../../ui/FileDropZone.tsx';
import { Page } from '../../ui/Page.tsx';
import { useFileUpload } from '../../ui/use-file-upload.ts';
import { useFocusHeading } from '../../ui/use-focus-heading.ts';
import { dropZoneHeight, UPLOAD_ACCEPT } from '../drafts/UploadFilesPage.tsx';
import { formatBytes, overallProgress } from '../drafts/upload-progress.ts';
import { BackLink } from '../submissions/SubmissionStates.tsx';
import { ProductFactsForm, useFactsForm, type FactsForm } from '../drafts/facts/ProductFactsForm.tsx';
import { productFactsOf } from '../submissions/ProductFactsPanel.tsx';
import { catalogueKeys, uploadProductImages, useCataloguedProductFacts } from './catalogue-api.ts';

export const ADD_IMAGES_HEADING = 'Upload product image(s)';
export const ADD_IMAGES_FORMATS = 'PDF, JPG, PNG, GIF, TIF';
export const CONFIRMATION_TEXT =
  'Submission Successful. After review and acceptance, the image(s) will display on the catalogued item page.';

const productPath = (ean13Upc: string) => `/cataloguedProducts/${encodeURIComponent(ean13Upc)}`;

/** /cataloguedProducts/:ean13Upc/upload/file_select: new images of a catalogued item, sent for review. */
export function AddImagesPage() {
  const { ean13Upc = '' } = useParams();
  const certified = useCataloguedProductFacts(ean13Upc);
  // The facts' inputs start from the certified facts, so they show once those are read; without them (the query
  // failed) the images go alone and the server starts the submission from the certified facts.
  const ready = certified.isSuccess;
  // Held above the form that starts again once the facts arrive: files chosen meanwhile stay chosen.
  const upload = useFileUpload();
  return (
    <AddImagesForm
      key={ready ? 'ready' : 'loading'}
      ean13Upc={ean13Upc}
      certified={certified.data ? productFactsOf(certified.data) : null}
      factsReady={ready}
      upload={upload}
    />
  );
}

function AddImagesForm({
  ean13Upc,
  certified,
  factsReady,
  upload,
}: {
  ean13Upc: string;
  certified: ReturnType<typeof productFactsOf> | null;
  factsReady: boolean;
  upload: ReturnType<typeof useFileUpload>;
}) {
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const queryClient = useQueryClient();
  const { files, addFiles, remove, sending, sent, progress, canSend: canSubmit, send, abort } = upload;
  const factsForm = useFactsForm(certified);
  useFocusHeading();

  // What the server read in the images when their barcode is another code than this product's; null otherwise.
  const [differs, setDiffers] = useState<string | null>(null);
  const cancel = () => {
    abort();
    void navigate(partnerPath(productPath(ean13Upc)));
  };

  const submit = (sendDiffering = false) => {
    setDiffers(null);
    const facts = factsForm.toSend();
    if (!facts.ok) return;
    return send(
      async (chosen, onProgress, signal, markSent) => {
        await uploadProductImages(ean13Upc, chosen, onProgress, signal, sendDiffering, facts.fields);
        markSent();
        void queryClient.invalidateQueries({ queryKey: catalogueKeys.product(ean13Upc) });
        void queryClient.invalidateQueries({ queryKey: ['submissions'] });
        void navigate(partnerPath(`${productPath(ean13Upc)}/upload/confirmation`));
      },
      (error) => {
        if (isApiError(error) && error.status === 404) showBanner("We couldn't find this catalogued item.", 'error');
        // Read before anything was created: the user decides, as on Enter UPC(s).
        if (isApiError(error) && error.code === 'BARCODE_DIFFERS') setDiffers(error.message);
      },
    );
  };

  const overall = overallProgress(progress);

  return (
    <Page
      heading={ADD_IMAGES_HEADING}
      before={<BackLink to={productPath(ean13Upc)}>Back to the catalogued item</BackLink>}
    >
      <Stack gap="xs" maw={760}>
        <Text>
          Upload images that show all sides of the label, including the UPC (barcode), with legible text. Label artwork
          files are preferred.
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>All sides of the label, including the UPC</List.Item>
          <List.Item>Legible text</List.Item>
          <List.Item>Label artwork files preferred</List.Item>
        </List>
        <Text size="sm">Accepted formats: {ADD_IMAGES_FORMATS}</Text>
      </Stack>

      <TextInput label="UPC" value={ean13Upc} readOnly variant="filled" maw={280} />

      <FileDropZone
        onFiles={addFiles}
        accept={UPLOAD_ACCEPT}
        disabled={sending}
        hint={`${ADD_IMAGES_FORMATS}; up to 15MB each, up to 10 files.`}
        minHeight={dropZoneHeight(files.length)}
      >
        {files.length > 0 && (
          <ul aria-label="Chosen files" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {files.map((file) => (
              <li key={`${file.name}-${file.size}-${file.lastModified}`}>
                <Group justify="space-between" wrap="nowrap" px="md" py={6}>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate="end" title={file.name}>
                      {file.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatBytes(file.size)}
                    </Text>
                  </div>
                  {!sending && <CloseButton aria-label={`Remove ${file.name}`} onClick={() => remove(file)} />}
                </Group>
              </li>
            ))}
          </ul>
        )}
      </FileDropZone>

      {factsReady && <AddImagesFacts form={factsForm} disabled={sending} />}

      {sending && <Progress value={overall} size="lg" aria-label="Upload progress" />}
      <div role="status" aria-live="polite" className="visually-hidden">
        {sending
          ? overall < 100
            ? `Sending ${plural(files.length, 'file')}.`
            : 'Files sent.'
          : files.length
            ? `${plural(files.length, 'file')} chosen.`
            : ''}
      </div>

      <Group justify="flex-end">
        <Button variant="default" onClick={cancel} disabled={sent}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={!canSubmit}>
          {sending ? 'Submitting...' : 'Submit product'}
        </Button>
      </Group>

      <Modal opened={differs !== null} onClose={() => setDiffers(null)} title={DRAFT_MSG.upcDiffersTitle} centered>
        <Stack gap="md">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {differs}
          </Text>
          <Text>{DRAFT_MSG.upcDiffersNote}</Text>
          <Group justify="flex-end" gap="sm">
            <Button onClick={() => setDiffers(null)} data-autofocus>
              Check the files
            </Button>
            <Button variant="default" onClick={() => void submit(true)}>
              Submit anyway
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}

function AddImagesFacts({ form, disabled }: { form: FactsForm; disabled: boolean }) {
  return (
    <ProductFactsForm
      form={form}
      disabled={disabled}
      note={
        form.initial
          ? 'The certified facts of this item. Correct any the new images change; a value you change is sent for review with them, as typed by you.'
          : 'This item has no facts yet. Type them as printed on the package; they are sent for review with the images.'
      }
    />
  );
}

/** /cataloguedProducts/:ean13Upc/upload/confirmation. */
export function AddImagesConfirmationPage() {
  const { ean13Upc = '' } = useParams();
  useFocusHeading();
  return (
    <Page heading="Submission Successful" title="Submission Successful">
      <Text>{CONFIRMATION_TEXT}</Text>
      <Anchor component={AppLink} to={productPath(ean13Upc)}>
        Back to the catalogued item
      </Anchor>
    </Page>
  );
}
