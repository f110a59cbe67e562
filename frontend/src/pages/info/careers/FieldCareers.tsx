import { CareerCategoryPage } from './CareerCategoryPage';

export default function FieldCareers() {
  return <CareerCategoryPage categoryId="field" />;
}
