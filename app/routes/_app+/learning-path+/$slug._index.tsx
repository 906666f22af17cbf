/** `/learning-path/:slug`: the route page itself, with no activity open (the content is the layout). */
export default function LearningPathIndex() {
  return null;
}
