import { useNavigation } from "@remix-run/react";

/** Stands in for the old splash screen: a thin bar while a navigation or form post is under way. */
export function NavigationProgress() {
  const navigation = useNavigation();
  return <div className="nav-progress" data-active={navigation.state !== "idle"} aria-hidden="true" />;
}
