import type { Me } from '@lantern/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/Toast';
import { IdentificationForm } from './IdentificationForm';
import { isIdentified } from './IdentifiedState';

/** The real-name form as a modal. An identified user is sent to /setting/security/auth instead (docs/product/screens.md#identified-redirect). */
export function IdentificationModal({ me, open, onOpenChange }: { me: Me; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const identified = isIdentified(me);
  useEffect(() => {
    if (open && identified) {
      onOpenChange(false);
      navigate(paths.securityAuth);
    }
  }, [open, identified, navigate, onOpenChange]);
  return (
    <Modal open={open && !identified} onOpenChange={onOpenChange} title={t('identification.title')} description={t('identification.subtitle')}>
      <IdentificationForm
        onDone={() => {
          toast.success(t('identification.success'));
          onOpenChange(false);
        }}
      />
    </Modal>
  );
}
