import { data } from "react-router";
import { NotFoundView } from "~/components/not-found-view";

export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundView />;
}
