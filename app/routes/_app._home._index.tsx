/** `/`: home itself, with no activity open (the content is the `_app._home` layout). */
export default function HomeIndex() {
  return null;
}
