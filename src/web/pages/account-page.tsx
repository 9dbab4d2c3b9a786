import { NotFoundPage } from './not-found-page';

// Placeholder: this screen arrives with its issue; until then it is honestly absent.
export default function Page() {
  return <NotFoundPage />;
}
