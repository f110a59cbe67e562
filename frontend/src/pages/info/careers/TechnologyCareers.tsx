import { CareerCategoryPage } from './CareerCategoryPage';

export default function TechnologyCareers() {
  return <CareerCategoryPage categoryId="technology" />;
}
