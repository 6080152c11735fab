import { CompanyUsersPage } from '@/features/company-users/components/company-users-page';

export default function AssignUserRoute() {
  return <CompanyUsersPage variant="assign" />;
}
