/** The password field's icons (components/icons.tsx). */
import { type IconProps, Svg } from "./icons";

export const EyeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5m0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8m0-6a2 2 0 1 0 0 4 2 2 0 0 0 0-4"
    />
  </Svg>
);
export const EyeOffIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M3.3 2 2 3.3l3.2 3.2C3.4 7.9 2.2 9.8 1.5 12c1.2 2.6 5 7 10.5 7 1.9 0 3.6-.5 5.1-1.3l3.6 3.6 1.3-1.3zM12 16a4 4 0 0 1-3.5-5.9l1.5 1.5a2 2 0 0 0 2.4 2.4l1.5 1.5A4 4 0 0 1 12 16m0-11c5.5 0 9.3 4.4 10.5 7-.6 1.3-1.6 2.8-3 4.1l-3.6-3.6A4 4 0 0 0 11.5 8L8.9 5.5C9.9 5.2 10.9 5 12 5"
    />
  </Svg>
);
