import { useState } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router-dom';
import { ChatProvider } from '../features/qa/ChatProvider';
import { createApolloClient } from '../lib/apollo';
import { router } from './router';

/**
 * Providers around the router. react-hot-toast's defaults are the spec's toast rules (success 2 s,
 * error and other 4 s, loading until dismissed, at most 20 kept), so the Toaster only sets placement.
 * The Q&A conversation is held here, above the routes, so it lasts the visit across pages.
 */
export function App() {
  const [client] = useState(createApolloClient);
  return (
    <ApolloProvider client={client}>
      <ChatProvider>
        <RouterProvider router={router} />
      </ChatProvider>
      <Toaster position="top-center" />
    </ApolloProvider>
  );
}
