/** `/profile` itself: the page is its layout (`_page+/_layout.tsx`); no dialog is open. */
export default function ProfileWithoutDialog() {
  return null;
}
