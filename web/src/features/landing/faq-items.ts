/** The six FAQ answers, restating what docs/product.md#who-it-is-for says and nothing more. */
export const FAQ_ITEMS = [
  {
    question: 'What audio can I upload?',
    answer:
      'Audio recorded on a laptop or a phone works. Record your session as you normally would and upload the file.',
  },
  {
    question: 'Which recording apps can I use?',
    answer: 'Any of them: Audacity, GarageBand or any phone voice recorder will do.',
  },
  {
    question: 'How many campaigns can I create?',
    answer: 'As many as you like. The number of campaigns is unlimited.',
  },
  {
    question: 'When is the crowdfunding launch?',
    answer: 'The crowdfunding launch is planned for March or April 2025. Sign up below to hear when it starts.',
  },
  {
    question: 'How much does it cost?',
    answer: 'During the beta, pricing is listed on the crowdfunding page.',
  },
  {
    question: 'Is there help if I get stuck?',
    answer: 'Yes. Tutorials, documentation and support are available.',
  },
] as const;
