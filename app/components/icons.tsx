/**
 * Small inline icons (no icon font, no extra request). Decorative: labels come from the caller.
 * Here the app shell's; a page's own icons sit in modules of their own (profile-icons, form-icons),
 * so that every page does not carry them.
 */
export type IconProps = { className?: string };

export function Svg({ children, className }: IconProps & { children: React.ReactNode }) {
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
export const SearchIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.4l.3.3v.8l5 5 1.5-1.5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9"
    />
  </Svg>
);
export const CheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
  </Svg>
);
