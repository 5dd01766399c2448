import { GraphQLRequestError } from '../../api/graphql.ts';
import { showBanner } from '../../ui/banner/banner-store.ts';
import { toast } from '../../ui/toast.ts';

/**
 * Shows a failed save, submit or delete: field messages go to their rows (onFieldErrors, keyed `fileName.field`),
 * product messages are toasts, anything else from GraphQL a banner.
 */
export function reportDraftFailure(error: unknown, onFieldErrors: (rowErrors: Record<string, string>) => void) {
  if (error instanceof GraphQLRequestError) {
    const rowErrors: Record<string, string> = {};
    const productMessages: string[] = [];
    for (const [key, message] of Object.entries(error.fields)) {
      if (key.startsWith('product.')) productMessages.push(message);
      else if (key.endsWith('.upc') || key.endsWith('.productName')) rowErrors[key] = message;
    }
    if (Object.keys(rowErrors).length || productMessages.length) {
      onFieldErrors(rowErrors);
      productMessages.forEach((message) => toast.error(message));
      return;
    }
    showBanner(error.message, 'error');
  }
  // Anything else (HTTP failures) was already reported by the generic handling.
}
