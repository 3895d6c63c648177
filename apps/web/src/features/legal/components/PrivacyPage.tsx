import { LegalDocument } from './LegalDocument';

/** /privacy: the store's privacy policy, on both sites in the reader's language. */
export function PrivacyPage() {
  return <LegalDocument doc="privacy" />;
}
