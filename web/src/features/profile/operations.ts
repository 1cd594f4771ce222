import { graphql } from '../../gql';

export const ProfileQuery = graphql(`
  query Profile {
    me {
      id
      firstName
      lastName
      email
      preferredName
      languageCode
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
      id
      firstName
      lastName
      email
      preferredName
      languageCode
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
      id
      name
      prefix
      scope
      createdAt
      lastUsedAt
    }
  }
`);

export const CreateApiTokenMutation = graphql(`
  mutation CreateApiToken($name: String!, $scope: ApiTokenScope) {
    createApiToken(name: $name, scope: $scope) {
      secret
      token {
        id
        name
        prefix
        scope
        createdAt
        lastUsedAt
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
