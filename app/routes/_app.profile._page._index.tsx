/** `/profile` itself: the page is its layout (`_app.profile._page`); no dialog is open. */
export default function ProfileWithoutDialog() {
  return null;
}
