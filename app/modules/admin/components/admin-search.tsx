import { Search } from "~/components/ui/icons";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/** A GET search box: the query lives in the URL (?q=). */
export function AdminSearch({ label, defaultValue }: { label: string; defaultValue: string }) {
  return (
    <Form method="get" role="search" className="mt-6 flex max-w-md gap-2">
      <label htmlFor="admin-search" className="sr-only">
        {label}
      </label>
      <Input id="admin-search" name="q" type="search" placeholder={label} defaultValue={defaultValue} />
      <Button type="submit" variant="outline">
        <Search aria-hidden /> Search
      </Button>
    </Form>
  );
}
