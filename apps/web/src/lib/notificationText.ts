import { useTranslation } from 'react-i18next';

/** What a notification or a bar item says: its kind, who, how many, and what happened when the kind alone does not say. */
export interface NotificationWords {
  kind: string;
  actorName: string | null;
  count?: number;
  detail?: string | null;
}

/**
 * The sentence of a notification in the site's language (docs/product/messaging.md#notification-bar), shared by
 * the notification centre and the bar: "12 people liked your content", "Staff hid your content".
 */
export function useNotificationSentence() {
  const { t, i18n } = useTranslation();
  return ({ kind, actorName, count, detail }: NotificationWords): string => {
    const actor = actorName ?? t('notifications.someone');
    const specific = detail ? `notifications.sentence.${kind}_${detail}` : null;
    if (kind === 'like' && count && count > 1) return t('notifications.sentence.like_many', { actor, others: count - 1 });
    // A collapsed notice of several people ("Ann and 4 others opened your red packet"), when its words exist.
    if (specific && count && count > 1 && i18n.exists(`${specific}_many`)) return t(`${specific}_many`, { actor, others: count - 1 });
    if (specific && i18n.exists(specific)) return t(specific, { actor });
    const key = `notifications.sentence.${kind}`;
    return i18n.exists(key) ? t(key, { actor }) : t('notifications.sentence.broadcast');
  };
}
