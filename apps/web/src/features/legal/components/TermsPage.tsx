import { LegalDocument } from './LegalDocument';

/** /terms: the store's terms of service, on both sites in the reader's language. */
export function TermsPage() {
  return <LegalDocument doc="terms" />;
}
