import type { SupportMessageView } from '@rxbridge/contracts';
import type { SupportMessage } from '@rxbridge/database';

export const toSupportMessageView = (m: SupportMessage): SupportMessageView => ({
  id: m.id,
  subject: m.subject,
  message: m.message,
  createdAt: m.createdAt.toISOString(),
  answeredAt: m.answeredAt?.toISOString() ?? null,
  reply: m.reply,
});
