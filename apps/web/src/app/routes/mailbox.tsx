import { MailboxPage } from '@/features/mailbox/components/mailbox-page';

export default function MailboxRoute() {
  return <MailboxPage />;
}
