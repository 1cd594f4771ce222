import { graphql } from '../../gql';

export const AccountFields = graphql(`
  fragment AccountFields on Account {
    id
    firstName
    lastName
    email
    preferredName
    languageCode
  }
`);

export const ApiTokenFields = graphql(`
  fragment ApiTokenFields on ApiToken {
    id
    name
    prefix
    scope
    createdAt
    lastUsedAt
  }
`);

export const ProfileQuery = graphql(`
  query Profile {
    me {
      ...AccountFields
      ...AccountPlanFields
    }
    languages {
      code
      label
    }
  }
`);

export const UpdateAccountFieldMutation = graphql(`
  mutation UpdateAccountField($input: UpdateAccountFieldInput!) {
    updateAccountField(input: $input) {
      ...AccountFields
    }
  }
`);

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input)
  }
`);

export const ApiTokensQuery = graphql(`
  query ApiTokens {
    apiTokens {
      ...ApiTokenFields
    }
    me {
      id
      apiTokensRevokedAt
    }
  }
`);

export const CreateApiTokenMutation = graphql(`
  mutation CreateApiToken($name: String!, $scope: ApiTokenScope) {
    createApiToken(name: $name, scope: $scope) {
      secret
      token {
        ...ApiTokenFields
      }
    }
  }
`);

export const RevokeApiTokenMutation = graphql(`
  mutation RevokeApiToken($id: ID!) {
    revokeApiToken(id: $id)
  }
`);

export const CreateBillingPortalSessionMutation = graphql(`
  mutation CreateBillingPortalSession {
    createBillingPortalSession {
      url
    }
  }
`);
