export default function HomePage() {
  return <main><h1>Customer Email Service</h1></main>;
}
