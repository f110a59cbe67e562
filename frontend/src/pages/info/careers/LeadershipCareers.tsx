import { CareerCategoryPage } from './CareerCategoryPage';

export default function LeadershipCareers() {
  return <CareerCategoryPage categoryId="leadership" />;
}
