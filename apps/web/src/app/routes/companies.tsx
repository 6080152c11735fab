import { CompaniesPage } from '@/features/companies/components/companies-page';

export default function CompaniesRoute() {
  return <CompaniesPage />;
}
