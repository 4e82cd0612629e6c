// cn() joins classes without merging them (utils/cn.ts), so two classes for the same property on
// one element would leave the winner to the stylesheet's order. tailwind-merge (a development
// dependency) finds such pairs: in every variant and size of the buttons and badges, and between
// a ui component's own classes and the classes a page gives it.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Skeleton } from "~/components/ui/skeleton";
import { TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Textarea } from "~/components/ui/textarea";

/** The classes merging would drop from `classes`: those another class of the list overrides. */
function overridden(classes: string) {
  const kept = new Set(twMerge(classes).split(/\s+/));
  return [...new Set(classes.split(/\s+/).filter(Boolean))].filter((name) => !kept.has(name));
}

const components: Record<string, ComponentType<Record<string, unknown>>> = {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Input,
  Label,
  Skeleton,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Textarea,
};

/** The classes a component puts on its element for these props. */
function ownClasses(name: string, props: Record<string, unknown>) {
  const markup = renderToStaticMarkup(createElement(components[name], props));
  return /class="([^"]*)"/.exec(markup)?.[1] ?? "";
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith(".tsx") ? [join(dir, entry.name)] : [],
  );
}

describe("Tailwind classes never fight", () => {
  it("in every variant, size and layout of a button", () => {
    for (const variant of ["default", "destructive", "outline", "secondary", "ghost", "link"] as const) {
      for (const size of ["default", "sm", "tall", "lg", "xl", "icon"] as const) {
        for (const layout of ["button", "field"] as const) {
          expect(overridden(buttonVariants({ variant, size, layout })), `${variant} ${size} ${layout}`).toEqual([]);
        }
      }
    }
  });

  it("in every variant of a badge", () => {
    for (const variant of ["default", "secondary", "destructive", "outline"] as const) {
      expect(overridden(ownClasses("Badge", { variant })), variant).toEqual([]);
    }
  });

  it("between a ui component's classes and those a page gives it", () => {
    const root = join(__dirname, "..", "..");
    const element = new RegExp(`<(${Object.keys(components).join("|")})\\b([^>]*?)className="([^"]*)"`, "g");
    const found: string[] = [];
    for (const file of sourceFiles(root)) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(element)) {
        const [, name, attributes, given] = match;
        const props: Record<string, unknown> = {};
        for (const prop of attributes.matchAll(/\b(variant|size)="([^"]+)"/g)) props[prop[1]] = prop[2];
        for (const flag of attributes.matchAll(/\b(tall|alignEnd)\b(?!=)/g)) props[flag[1]] = true;
        if (/\bfullWidth=\{false\}/.test(attributes)) props.fullWidth = false;
        const lost = overridden(`${ownClasses(name, props)} ${given}`);
        if (lost.length) found.push(`${relative(root, file)}:${source.slice(0, match.index).split("\n").length} <${name} className="${given}"> overrides ${lost.join(" ")}`);
      }
    }
    expect(found).toEqual([]);
  });
});
