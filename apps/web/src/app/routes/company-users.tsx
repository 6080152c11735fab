import { CompanyUsersPage } from '@/features/company-users/components/company-users-page';

export default function CompanyUsersRoute() {
  return <CompanyUsersPage variant="users" />;
}
