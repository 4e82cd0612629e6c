import { describe, expect, it } from "vitest";
import { pageItems } from "~/components/pagination";

describe("pagination numbers", () => {
  it("shows every page when there are five or fewer", () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it("shows five numbers around the current page with ellipses for skipped pages", () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, "ellipsis-end"]);
    expect(pageItems(10, 20)).toEqual(["ellipsis-start", 8, 9, 10, 11, 12, "ellipsis-end"]);
    expect(pageItems(20, 20)).toEqual(["ellipsis-start", 16, 17, 18, 19, 20]);
  });
});
