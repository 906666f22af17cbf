/** The profile page's icons (components/icons.tsx). */
import { type IconProps, Svg } from "./icons";

export const CameraIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M9 4 7.2 6H4a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-3.2L15 4zm3 5a4 4 0 1 1 0 8 4 4 0 0 1 0-8"
    />
  </Svg>
);
export const EditIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M3 17.2V21h3.8L17.9 9.9l-3.8-3.8zM20.7 7a1 1 0 0 0 0-1.4l-2.3-2.3a1 1 0 0 0-1.4 0l-1.8 1.8 3.8 3.8z"
    />
  </Svg>
);
export const PlusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path fill="currentColor" d="M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z" />
  </Svg>
);
