import { describe, expect, it } from "vitest";
import { splitRanking, stars } from "./ranking";

const row = (id: number, ranking = id) => ({ id, ranking });
const rows = Array.from({ length: 28 }, (_, index) => row(index + 1));

describe("splitRanking", () => {
  it("keeps the top 10 in order", () => {
    expect(splitRanking([...rows].reverse(), null).top.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it.each([
    [3, null],
    [10, null],
    [11, 11],
    [14, 14],
  ])("a user at rank %d gets an own row: %s", (rank, expected) => {
    expect(splitRanking(rows, row(rank)).own?.id ?? null).toBe(expected);
  });
});

describe("stars", () => {
  it("are whole and at most 5", () => {
    expect([-1, 0, 2.7, 5, 9].map(stars)).toEqual([0, 0, 2, 5, 5]);
  });
});
