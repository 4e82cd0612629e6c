import { Search } from "lucide-react";
import { Form } from "react-router";
import type { Route } from "./+types/home";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export const meta: Route.MetaFunction = () => [
  { title: "LabTest Hub - Compare and book lab tests in Abu Dhabi" },
  {
    name: "description",
    content:
      "The most convenient way to book lab tests in UAE. Compare prices, book appointments, and receive results digitally.",
  },
];

export default function Home() {
  return (
    <section className="bg-gradient-to-b from-primary-soft to-background">
      <div className="mx-auto max-w-7xl px-4 py-20 text-center sm:py-28">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Book lab tests in Abu Dhabi, the easy way</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
          Compare prices from 20+ partner labs, book home collection and get your results digitally.
        </p>
        <Form method="get" action="/search" role="search" className="mx-auto mt-10 flex max-w-xl gap-2">
          <label htmlFor="hero-search" className="sr-only">
            Search for lab tests
          </label>
          <Input id="hero-search" name="q" type="search" placeholder="Search for tests, e.g. Vitamin D" className="h-12" />
          <Button type="submit" size="lg" className="h-12">
            <Search aria-hidden /> Search
          </Button>
        </Form>
      </div>
    </section>
  );
}
