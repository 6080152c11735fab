import { ChangePasswordPage } from '@/features/settings/components/change-password-form';

export default function ChangePasswordRoute() {
  return <ChangePasswordPage />;
}
