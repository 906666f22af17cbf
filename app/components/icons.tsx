/** Small inline icons (no icon font, no extra request). Decorative: labels come from the caller. */
type IconProps = { className?: string };

function Svg({ children, className }: IconProps & { children: React.ReactNode }) {
  return (
    <svg className={className ?? "icon"} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const HomeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path fill="currentColor" d="M12 3 2 11h3v9h5v-6h4v6h5v-9h3z" />
  </Svg>
);
export const RankingIcon = (props: IconProps) => (
  <Svg {...props}>
    <path fill="currentColor" d="M4 20h4V10H4zm6 0h4V4h-4zm6 0h4v-7h-4z" />
  </Svg>
);
export const TriviaIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m1 17h-2v-2h2zm2.1-7.8-.9.9c-.7.7-1.2 1.3-1.2 2.9h-2v-.5c0-1.1.5-2.1 1.2-2.8l1.2-1.3A2 2 0 1 0 10 9H8a4 4 0 1 1 7.1 2.2"
    />
  </Svg>
);
export const ProfileIcon = (props: IconProps) => (
  <Svg {...props}>
    <path fill="currentColor" d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10m0 2c-4 0-9 2-9 6v2h18v-2c0-4-5-6-9-6" />
  </Svg>
);
export const BellIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2m6-6V11c0-3.1-1.6-5.6-4.5-6.3V4a1.5 1.5 0 0 0-3 0v.7C7.6 5.4 6 7.9 6 11v5l-2 2v1h16v-1z"
    />
  </Svg>
);
export const VrIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M20 6H4a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h4.5l2-3h3l2 3H20a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2M7.5 13.5a2 2 0 1 1 0-4 2 2 0 0 1 0 4m9 0a2 2 0 1 1 0-4 2 2 0 0 1 0 4"
    />
  </Svg>
);
export const ProgressIcon = (props: IconProps) => (
  <Svg {...props}>
    <path fill="currentColor" d="M3 17h3v4H3zm5-5h3v9H8zm5-4h3v13h-3zm5-5h3v18h-3z" />
  </Svg>
);
export const FaqIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2m-7 13h-2v-2h2zm1.8-5.6-.8.8c-.6.6-1 1.1-1 2.3h-2v-.4c0-.9.4-1.7 1-2.3l1.2-1.2A1.7 1.7 0 1 0 10.3 7H8.5a3.5 3.5 0 1 1 6.3 2.4"
    />
  </Svg>
);
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
export const CheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
  </Svg>
);
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
