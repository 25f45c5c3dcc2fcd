/** The logo's mark, one drawing for the header, the footer, the sign-in screen and the favicon (decision 052). */
export const MARK = {
  viewBox: "0 0 40 40",
  radius: 10,
  letter: "M20 8 L31 31 H25.5 L20 19 L14.5 31 H9 Z",
  dot: { cx: 20, cy: 27.5, r: 3.2 },
} as const;
